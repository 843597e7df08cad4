/**
 * The server's settings, resolved once: explicit values win, then the content folder's
 * site.json, then the built page data, then defaults that work on a fresh checkout.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostList } from './http/security-headers.ts';
import { THIRD_PARTY_HOSTS } from './http/security-headers.ts';
import type { OutboxOptions } from './mail/worker.ts';
import { DEFAULT_DIST_DIR, PROJECT_ROOT } from './paths.ts';

export interface ServerConfig {
  /** The build output (dist/); null serves the API only (the dev server renders pages itself). */
  distDir: string | null;
  /** The site's name, for the start banner and e-mail senders. */
  siteName: string;
  /** The public origin (https://www.example.com), for absolute links in e-mails. */
  origin: string;
  version: string;
  /** Largest JSON (or other non-multipart) body under /api. */
  bodyLimitBytes: number;
  /** Largest multipart body under /api (form uploads). */
  uploadLimitBytes: number;
  /** From of outgoing e-mail. */
  mailFrom: string;
  /** Third-party hosts allowed by the Content-Security-Policy. */
  thirdPartyHosts: Record<string, HostList>;
  outbox: Partial<OutboxOptions>;
  /** One log line per request. */
  logRequests: boolean;
}

export interface SiteFacts {
  name?: string;
  origin?: string;
}

/** name and origin from <siteDir>/site.json, if it is there and readable. */
export function readSiteJson(siteDir: string | undefined): SiteFacts {
  const file = siteDir && join(siteDir, 'site.json');
  if (!file || !existsSync(file)) return {};
  try {
    const site = JSON.parse(readFileSync(file, 'utf8'));
    return { name: typeof site.name === 'string' ? site.name : undefined, origin: typeof site.origin === 'string' ? site.origin : undefined };
  } catch {
    return {};
  }
}

let version: string | undefined;
export function packageVersion(): string {
  try {
    version ??= String(JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).version);
  } catch {
    version = '0.0.0';
  }
  return version;
}

/** "Hearthline Cabinetry" + https://www.hearthlinecabinetry.com -> "Hearthline Cabinetry" <no-reply@hearthlinecabinetry.com> */
export function defaultMailFrom(name: string, origin: string): string {
  let host = 'localhost';
  try {
    host = new URL(origin).hostname.replace(/^www\./, '') || host;
  } catch {
    // keep localhost
  }
  return `"${name.replace(/["\\\r\n]/g, '')}" <no-reply@${host}>`;
}

export function resolveConfig(given: Partial<ServerConfig>, ...facts: SiteFacts[]): ServerConfig {
  const siteName = given.siteName ?? facts.find((f) => f.name)?.name ?? 'Joinery';
  const origin = (given.origin ?? facts.find((f) => f.origin)?.origin ?? 'http://localhost:3000').replace(/\/+$/, '');
  return {
    distDir: given.distDir === undefined ? DEFAULT_DIST_DIR : given.distDir,
    siteName,
    origin,
    version: given.version ?? packageVersion(),
    bodyLimitBytes: given.bodyLimitBytes ?? 1024 * 1024,
    uploadLimitBytes: given.uploadLimitBytes ?? 25 * 1024 * 1024,
    mailFrom: given.mailFrom ?? defaultMailFrom(siteName, origin),
    thirdPartyHosts: given.thirdPartyHosts ?? THIRD_PARTY_HOSTS,
    outbox: given.outbox ?? {},
    logRequests: given.logRequests ?? true,
  };
}
