/**
 * The server's settings, resolved once: explicit values win, then the content folder's
 * site.json, then what the build recorded (routes-manifest.json), then defaults that work on a
 * fresh checkout.
 */
import { shopRulesOf, type ShopRules } from '../engine/node.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { integrationHosts } from '../engine/node.ts';
import { siteHostLists, type HostList } from './http/security-headers.ts';
import type { OutboxOptions } from './mail/worker.ts';
import { DEFAULT_DIST_DIR, PROJECT_ROOT, VAR_DIR } from './paths.ts';

export { DEFAULT_CONTENT_DIR, PROJECT_ROOT } from './paths.ts';

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
  /** Time a request body may take to arrive whole (BODY_TIMEOUT_MS, default 30 s); later is 408. */
  bodyTimeoutMs: number;
  /** From of outgoing e-mail. */
  mailFrom: string;
  /** Third-party hosts allowed by the Content-Security-Policy: site.json's integrations (the payment providers' are added by the app). */
  thirdPartyHosts: Record<string, HostList>;
  outbox: Partial<OutboxOptions>;
  /** One log line per request. */
  logRequests: boolean;
  /** reCAPTCHA secret (RECAPTCHA_SECRET): with the site key in site.json it turns verification on. */
  recaptchaSecret: string | undefined;
  /** Where reCAPTCHA tokens are verified (RECAPTCHA_VERIFY_URL; tests point it at a stand-in). */
  recaptchaVerifyUrl: string;
  /** Folder of uploaded form files (JOINERY_UPLOAD_DIR, else <JOINERY_DATA_DIR or var/>/uploads). */
  uploadDir: string;
  /** Form posts allowed per client address and window (FORM_RATE_LIMIT, FORM_RATE_WINDOW_MS). */
  formRateLimit: { limit: number; windowMs: number };
  /** Orders created per client address and window (ORDER_RATE_LIMIT, ORDER_RATE_WINDOW_MS). */
  orderRateLimit: { limit: number; windowMs: number };
  /** Payment attempts per client address and window (PAY_RATE_LIMIT, PAY_RATE_WINDOW_MS). */
  payRateLimit: { limit: number; windowMs: number };
  /** Behind a reverse proxy (TRUST_PROXY=1): the client address is the last X-Forwarded-For entry. */
  trustProxy: boolean;
  /** How long a pay step holds an order (JOINERY_PAYMENT_LEASE_MS, default 60 s): longer than any provider call. */
  paymentLeaseMs: number;
  /** How often the payment reconciler runs (JOINERY_RECONCILE_INTERVAL_MS, default 30 s; 0: never). */
  reconcileIntervalMs: number;
  /** Offer the sandbox card beside a live card provider (site.json commerce.sandboxWithLiveCard; default false). */
  sandboxWithLiveCard: boolean;
}

export interface SiteFacts {
  name?: string;
  origin?: string;
  /** integrations.hosts, for the Content-Security-Policy. */
  hosts?: Record<string, HostList>;
  /** currency and the commerce section (engine/commerce/shop.ts), when the site sells. */
  shop?: ShopRules;
  /** commerce.sandboxWithLiveCard. */
  sandboxWithLiveCard?: boolean;
}

/** name, origin, integration hosts and commerce rules from <siteDir>/site.json, if it is there and readable (read once, at start). */
export function readSiteJson(siteDir: string | undefined): SiteFacts {
  const file = siteDir && join(siteDir, 'site.json');
  if (!file || !existsSync(file)) return {};
  try {
    const site = JSON.parse(readFileSync(file, 'utf8'));
    return {
      name: typeof site.name === 'string' ? site.name : undefined,
      origin: typeof site.origin === 'string' ? site.origin : undefined,
      hosts: siteHostLists(integrationHosts(site)),
      ...(site.commerce && { shop: shopRulesOf(site) }),
      ...(site.commerce?.sandboxWithLiveCard === true && { sandboxWithLiveCard: true }),
    };
  } catch {
    return {};
  }
}

/** The origin when neither PUBLIC_ORIGIN nor site.json names one. */
const DEFAULT_ORIGIN = 'http://localhost:3000';

/**
 * The origin of the links the shop writes (quote links, links in e-mails): PUBLIC_ORIGIN, else
 * site.json's "origin", else http://localhost:3000. Never guessed from the port a server listens
 * on: a server started without PUBLIC_ORIGIN would mail its customers local links, and
 * `joinery quote create` (another process) cannot know that port. `note` says where the origin
 * comes from and, when it is not PUBLIC_ORIGIN, how to point the links at `local` (a local shop).
 */
export function linkOrigin(
  env: Record<string, string | undefined>,
  siteOrigin: string | undefined,
  local: string,
): { origin: string; note: string } {
  const trim = (o: string) => o.trim().replace(/\/+$/, '');
  if (env.PUBLIC_ORIGIN?.trim()) {
    const origin = trim(env.PUBLIC_ORIGIN);
    return { origin, note: `${origin} (PUBLIC_ORIGIN)` };
  }
  const origin = trim(siteOrigin || DEFAULT_ORIGIN);
  const from = siteOrigin ? 'site.json "origin"' : 'the default: neither PUBLIC_ORIGIN nor site.json "origin" is set';
  const hint = origin === local ? '' : `; set PUBLIC_ORIGIN=${local} to link to a local shop`;
  return { origin, note: `${origin} (${from}${hint})` };
}

let version: string | undefined;
function packageVersion(): string {
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

const DEFAULT_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

export const positiveInt = (v: string | undefined, fallback: number) =>
  v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback;

/** The settings that come from the environment only (secrets, folders, limits), with safe defaults. */
export function envConfig(env: Record<string, string | undefined> = process.env) {
  return {
    recaptchaSecret: env.RECAPTCHA_SECRET || undefined,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL || DEFAULT_RECAPTCHA_VERIFY_URL,
    uploadDir: env.JOINERY_UPLOAD_DIR || join(env.JOINERY_DATA_DIR || VAR_DIR, 'uploads'),
    formRateLimit: {
      limit: positiveInt(env.FORM_RATE_LIMIT, 20),
      windowMs: positiveInt(env.FORM_RATE_WINDOW_MS, 60_000),
    },
    // A shopper places one sample order per visit (a retry updates it); 10 in 10 minutes leaves
    // room for a household or an office behind one address, and caps a script at 60 an hour.
    orderRateLimit: {
      limit: positiveInt(env.ORDER_RATE_LIMIT, 10),
      windowMs: positiveInt(env.ORDER_RATE_WINDOW_MS, 600_000),
    },
    // Up to 5 failed attempts per order (pay-limits.ts) on a few orders; card testing gets 30
    // tries in 10 minutes from one address instead of hundreds a second.
    payRateLimit: {
      limit: positiveInt(env.PAY_RATE_LIMIT, 30),
      windowMs: positiveInt(env.PAY_RATE_WINDOW_MS, 600_000),
    },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    paymentLeaseMs: positiveInt(env.JOINERY_PAYMENT_LEASE_MS, 60_000),
    reconcileIntervalMs:
      env.JOINERY_RECONCILE_INTERVAL_MS === '0' ? 0 : positiveInt(env.JOINERY_RECONCILE_INTERVAL_MS, 30_000),
    bodyTimeoutMs: positiveInt(env.BODY_TIMEOUT_MS, DEFAULT_BODY_TIMEOUT_MS),
  };
}

export function resolveConfig(given: Partial<ServerConfig>, ...facts: SiteFacts[]): ServerConfig {
  const env = envConfig();
  const siteName = given.siteName ?? facts.find((f) => f.name)?.name ?? 'Joinery';
  const origin = (given.origin ?? facts.find((f) => f.origin)?.origin ?? DEFAULT_ORIGIN).replace(/\/+$/, '');
  return {
    distDir: given.distDir === undefined ? DEFAULT_DIST_DIR : given.distDir,
    siteName,
    origin,
    version: given.version ?? packageVersion(),
    bodyLimitBytes: given.bodyLimitBytes ?? 1024 * 1024,
    uploadLimitBytes: given.uploadLimitBytes ?? 25 * 1024 * 1024,
    bodyTimeoutMs: given.bodyTimeoutMs ?? env.bodyTimeoutMs,
    mailFrom: given.mailFrom ?? defaultMailFrom(siteName, origin),
    thirdPartyHosts: given.thirdPartyHosts ?? facts.find((f) => f.hosts)?.hosts ?? {},
    outbox: given.outbox ?? {},
    logRequests: given.logRequests ?? true,
    recaptchaSecret: 'recaptchaSecret' in given ? given.recaptchaSecret : env.recaptchaSecret,
    recaptchaVerifyUrl: given.recaptchaVerifyUrl ?? env.recaptchaVerifyUrl,
    uploadDir: given.uploadDir ?? env.uploadDir,
    formRateLimit: given.formRateLimit ?? env.formRateLimit,
    orderRateLimit: given.orderRateLimit ?? env.orderRateLimit,
    payRateLimit: given.payRateLimit ?? env.payRateLimit,
    trustProxy: given.trustProxy ?? env.trustProxy,
    paymentLeaseMs: given.paymentLeaseMs ?? env.paymentLeaseMs,
    reconcileIntervalMs: given.reconcileIntervalMs ?? env.reconcileIntervalMs,
    sandboxWithLiveCard: given.sandboxWithLiveCard ?? facts.some((f) => f.sandboxWithLiveCard),
  };
}
