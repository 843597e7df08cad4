/**
 * The visual editor's keystroke-to-preview time: `joinery dev` on a copy of the shop's content,
 * the editor on /about-us, the banner selected, then one character typed at a time into its
 * title. Each figure runs from the keydown (its event time in the editor) to the mutation that
 * shows the new title in the preview frame (clock times of the two documents, made comparable
 * by performance.timeOrigin). Run alone: node --import tsx bench/editor-preview.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT } from '../cli/paths.ts';
import { fmt, median } from './lib.ts';
import { freePort } from './lighthouse.ts';

const KEYS = 20;

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

export async function measureEditorPreview(log: (s: string) => void = () => {}): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'joinery-editor-bench-'));
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
  try {
    const base = `http://127.0.0.1:${port}`;
    await untilUp(`${base}/__joinery/api/routes`, dev);
    log('editor bench: joinery dev is up; opening the editor (the first load compiles every block)');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/__joinery/edit?route=/about-us`);
    const frame = page.frameLocator('iframe[title="Page preview"]');
    await frame.locator('html[data-jv-all-blocks]').waitFor({ state: 'attached', timeout: 300_000 });
    await page.getByRole('list', { name: 'main blocks' }).getByRole('button').first().click();
    const title = page.getByRole('group', { name: 'Props', exact: true }).getByRole('textbox', { name: /^Title\*?$/ });
    await title.click();
    await page.keyboard.press('End');
    // Strings, not functions: tsx would name the functions with a helper the page does not have.
    await page.evaluate(
      "document.addEventListener('keydown', (e) => { window.jvKeydown = performance.timeOrigin + e.timeStamp; }, true)",
    );
    const preview = (await (await page.$('iframe[title="Page preview"]'))!.contentFrame())!;
    const times: number[] = [];
    for (let i = 0; i < KEYS; i++) {
      const expected = JSON.stringify(`About Hearthline Cabinetry${'x'.repeat(i + 1)}`);
      const seen = preview.evaluate<number>(`new Promise((resolve) => {
        let observer;
        const done = () => {
          if (document.querySelector('h1')?.textContent !== ${expected}) return false;
          observer?.disconnect();
          resolve(performance.timeOrigin + performance.now());
          return true;
        };
        if (!done()) {
          observer = new MutationObserver(done);
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        }
      })`);
      await page.keyboard.press('x');
      const shown = await seen;
      const keydown = await page.evaluate<number>('window.jvKeydown');
      times.push(shown - keydown);
    }
    return times;
  } finally {
    await browser.close();
    dev.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function editorPreviewLine(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const p90 = sorted[Math.ceil(sorted.length * 0.9) - 1]!;
  return `Editor, keystroke to preview update (${times.length} keys): median ${fmt(median(times))} ms, p90 ${fmt(p90)} ms`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(editorPreviewLine(await measureEditorPreview((s) => process.stderr.write(`${s}\n`))));
}
