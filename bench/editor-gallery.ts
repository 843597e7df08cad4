/**
 * The block gallery's first screen: `joinery dev` on a copy of the shop's content, started fresh
 * (so the first visit compiles every block through Vite, as an author's first visit does), then
 * /__joinery/blocks opened in a 1280x900 window. The figure runs from the navigation's start to
 * the moment every preview box in the window shows its block rendered inside its frame; a reload
 * of the page (Vite warm) is measured the same way. Also counted: the preview frames the page
 * holds at that moment and those already rendered, of all the previews it lists. Run alone: node --import tsx bench/editor-gallery.ts.
 */
import type { Page } from '@playwright/test';
import { fmt } from './lib.ts';
import { devServerOnCopy } from './dev-server.ts';

export type GalleryVisit = { ms: number; inView: number; frames: number; rendered: number; previews: number };

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
  const { base, browser, close } = await devServerOnCopy('/__joinery/blocks');
  try {
    log('gallery bench: joinery dev is up; first visit to /__joinery/blocks');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const first = await visit(page, `${base}/__joinery/blocks`);
    log(`gallery bench: first visit ${fmt(first.ms)} ms; reloading`);
    const again = await visit(page, `${base}/__joinery/blocks`);
    return { first, again };
  } finally {
    await close();
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
