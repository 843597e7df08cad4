/**
 * First-load weight of content pages from a build (dist/, or the folder given): the JavaScript
 * the page loads without input (measured in the browser, bench/js-weight.ts), CSS, HTML, and the
 * images it fetches at once (not loading="lazy"; <img src>, as on a phone), all gzip; plus the lazy
 * images a full scroll adds.
 * Run: node --import tsx bench/content-pages.ts [distDir] [path...]. Printed, never asserted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR } from '../cli/paths.ts';
import { measureFirstLoadJs } from './js-weight.ts';
import { fmt } from './lib.ts';

const dist = process.argv[2] ?? DIST_DIR;
const pages =
  process.argv.length > 3
    ? process.argv.slice(3)
    : ['/', '/blogs/top-10-kitchens-designs', '/inspiration-gallery/shaker-green'];
const site = join(dist, 'site');
const kb = (n: number) => `${fmt(n / 1024, 1)} kB`;
const gz = (file: string) => (existsSync(file) ? gzipSync(readFileSync(file)).length : 0);
const local = (url: string) => join(site, decodeURI(url.split(/[?#]/)[0]!));

/** The page's weight but its JavaScript (`js`, bytes gzip), which only a browser can tell. */
export function pageWeight(path: string, js: number) {
  const htmlFile = join(site, path === '/' ? '' : path.replace(/^\/+|\/+$/g, ''), 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const css = [...new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!))].reduce(
    (s, u) => s + gz(local(u)),
    0,
  );
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id='));
  let eager = 0;
  let lazy = 0;
  const seen = new Set<string>();
  // <img src> as a phone fetches it (a <picture>'s wider <source>s are left out).
  for (const m of root.matchAll(/<img\b[^>]*>/g)) {
    const tag = m[0];
    const src = /\bsrc="([^"\s]+)/.exec(tag)?.[1];
    if (!src?.startsWith('/') || seen.has(src)) continue;
    seen.add(src);
    if (/loading="lazy"/.test(tag)) lazy += gz(local(src));
    else eager += gz(local(src));
  }
  return { js, css, html: gzipSync(html).length, eager, lazy };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(site, 'index.html'))) {
    console.error(`no build in ${dist}: run joinery build first`);
    process.exit(1);
  }
  // The shop serves this build (joinery start reads JOINERY_DIST_DIR).
  process.env.JOINERY_DIST_DIR = resolve(dist);
  const js = await measureFirstLoadJs(pages.map((p) => [p, p]));
  for (const r of js) {
    const w = pageWeight(r.path, r.total);
    const total = w.js + w.css + w.html + w.eager;
    console.log(
      `${r.path.padEnd(40)} first-load JS ${kb(w.js)}, total first transfer ${kb(total)} (CSS ${kb(w.css)}, HTML ${kb(w.html)}, images ${kb(w.eager)}; +${kb(w.lazy)} lazy images on scroll)`,
    );
  }
}
