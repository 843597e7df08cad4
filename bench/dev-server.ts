/**
 * `joinery dev` on a throwaway copy of the shop's content, with Chromium, for the benches that
 * measure the editor: started, waited for, and cleaned up by `close()`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { ROOT } from '../cli/paths.ts';
import { freePort } from './lighthouse.ts';

async function untilUp(url: string, dev: ChildProcess) {
  for (let i = 0; i < 1200; i++) {
    if (dev.exitCode !== null) throw new Error('joinery dev exited');
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250)); // polling a starting server
  }
  throw new Error('joinery dev did not answer within 5 minutes');
}

/** Starts `joinery dev` on a copy of site-config/ and Chromium; resolves once `readyPath` answers. */
export async function devServerOnCopy(readyPath: string): Promise<{
  base: string;
  browser: Browser;
  close: () => Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'joinery-dev-bench-'));
  const site = join(dir, 'site-config');
  cpSync(join(ROOT, 'site-config'), site, { recursive: true });
  const port = await freePort();
  const dev = spawn(process.execPath, ['cli/bin.js', 'dev', '--site', site, '--port', String(port)], {
    cwd: ROOT,
    env: { ...process.env, JOINERY_DATA_DIR: join(dir, 'data'), NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const close = async () => {
    await browser.close();
    dev.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await untilUp(`${base}${readyPath}`, dev);
  } catch (e) {
    await close();
    throw e;
  }
  return { base, browser, close };
}
