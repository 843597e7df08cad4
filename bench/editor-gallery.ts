/**
 * The block gallery's first screen: `joinery dev` on a copy of the shop's content, started fresh
 * (so the first visit compiles every block through Vite, as an author's first visit does), then
 * /__joinery/blocks opened in a 1280x900 window. The figure runs from the navigation's start to
 * the moment every preview box in the window shows its block rendered inside its frame; a reload
 * of the page (Vite warm) is measured the same way. Also counted: the preview frames the page
 * holds at that moment and those already rendered, of all the previews it lists. Run alone: node --import tsx bench/editor-gallery.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ROOT } from '../cli/paths.ts';
import { fmt } from './lib.ts';
import { freePort } from './lighthouse.ts';

export type GalleryVisit = { ms: number; inView: number; frames: number; rendered: number; previews: number };

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

// A string, not a function: tsx would name a function with a helper the page does not have.
// The boxes in the window once the gallery lists its blocks; done when each holds a frame whose
// document shows the block (the preview's `data-jv-edit` wrapper with the block's element in it).
const FIRST_SCREEN_RENDERED = `(() => {
  const boxes = [...document.querySelectorAll('.jv-gallery-frame')];
  if (!boxes.length) return false;
  const inView = boxes.filter((b) => {
    const r = b.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  });
  const shows = (b) => b.querySelector('iframe')?.contentDocument?.querySelector('[data-jv-edit] > *');
  return inView.every(shows) && {
    ms: performance.now(),
    inView: inView.length,
    frames: document.querySelectorAll('.jv-gallery-frame iframe').length,
    rendered: boxes.filter(shows).length,
    previews: boxes.length,
  };
})()`;

async function visit(page: Page, url: string): Promise<GalleryVisit> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(FIRST_SCREEN_RENDERED, undefined, { timeout: 600_000 });
  return (await handle.jsonValue()) as GalleryVisit;
}

export async function measureGallery(log: (s: string) => void = () => {}): Promise<{
  first: GalleryVisit;
  again: GalleryVisit;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'joinery-gallery-bench-'));
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
    await untilUp(`${base}/__joinery/blocks`, dev);
    log('gallery bench: joinery dev is up; first visit to /__joinery/blocks');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const first = await visit(page, `${base}/__joinery/blocks`);
    log(`gallery bench: first visit ${fmt(first.ms)} ms; reloading`);
    const again = await visit(page, `${base}/__joinery/blocks`);
    return { first, again };
  } finally {
    await browser.close();
    dev.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function galleryLines({ first, again }: { first: GalleryVisit; again: GalleryVisit }): string {
  const line = (label: string, v: GalleryVisit) =>
    `Block gallery, ${label}: first screen (${v.inView} previews) rendered in ${fmt(v.ms)} ms; ${v.previews} previews listed, ${v.frames} frames in the page, ${v.rendered} rendered by then`;
  return [line('first visit (fresh joinery dev)', first), line('second visit', again)].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(galleryLines(await measureGallery((s) => process.stderr.write(`${s}\n`))));
}
