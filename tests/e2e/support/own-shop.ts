/**
 * A shop of a spec's own, for content the shared e2e server does not run (another shop, a provider
 * switched on): `joinery start` on a content folder with its own data folder, env and, when the
 * content differs from the build's, its own prerendered pages (the build's bundles reused). Its
 * pages open in a browser context of their own (consent already chosen, as in the config).
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSite } from '../../../cli/build/build-site.ts';
import { freePort } from './free-port.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface OwnShop {
  base: string;
  dataDir: string;
  /** A page on this shop, in a context of its own. */
  page(browser: Browser): Promise<Page>;
  /** Reads its SQLite file (read-only). */
  query<T>(sql: string, ...args: unknown[]): T[];
  close(): void;
}

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no answer from ${url} within ${ms} ms`);
}

/** A free port first: providers' stand-ins need the shop's URL (webhooks) before it starts. */
export async function ownShopOrigin(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

export async function startOwnShop(o: {
  base: string;
  siteDir: string;
  env: Record<string, string>;
  /** Prerender the content's own pages (its site.json differs from the build's). */
  prerender?: boolean;
}): Promise<OwnShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'joinery-own-shop-'));
  let dist: Record<string, string> = {};
  let built: string | undefined;
  if (o.prerender) {
    // The build's bundles and assets, its pages made again from this content; inside the project,
    // where its server bundle finds the project's packages.
    mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
    const outDir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'joinery-own-shop-'));
    built = outDir;
    cpSync(join(ROOT, 'dist'), outDir, { recursive: true });
    // Its server bundle is ES modules, outside the project's package.json.
    writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n');
    const result = await buildSite({ siteDir: o.siteDir, outDir, reuseBundlesFrom: outDir, skipLint: true });
    if (!result.ok) throw new Error(`prerender of ${o.siteDir} failed`);
    dist = { JOINERY_DIST_DIR: outDir };
  }
  const port = new URL(o.base).port;
  const child = spawn(process.execPath, ['cli/bin.js', 'start', '--port', port, '--site', o.siteDir], {
    cwd: ROOT,
    env: {
      ...process.env,
      JOINERY_DATA_DIR: dataDir,
      JOINERY_LOG_REQUESTS: '0',
      ORDER_RATE_LIMIT: '1000',
      PAY_RATE_LIMIT: '1000',
      PUBLIC_ORIGIN: o.base,
      ...dist,
      ...o.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${o.base}/api/health`, 30_000);
  return {
    base: o.base,
    dataDir,
    async page(browser) {
      const context = await browser.newContext({
        baseURL: o.base,
        storageState: {
          cookies: [
            {
              name: 'cookie_consent',
              value: 'rejected',
              domain: new URL(o.base).hostname,
              path: '/',
              expires: -1,
              httpOnly: false,
              secure: false,
              sameSite: 'Lax',
            },
          ],
          origins: [],
        },
      });
      return context.newPage();
    },
    query<T>(sql: string, ...args: unknown[]) {
      const db = new Database(join(dataDir, 'joinery.db'), { readonly: true, fileMustExist: true });
      try {
        return db.prepare(sql).all(...args) as T[];
      } finally {
        db.close();
      }
    },
    close() {
      child.kill('SIGTERM');
      if (built) rmSync(built, { recursive: true, force: true });
    },
  };
}
