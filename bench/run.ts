/**
 * `npm run bench`: prints the project's speed figures beside their targets. Needs a build (`joinery build`) for
 * the bundle figures; it builds first so they describe the current sources, never a stale dist/.
 * Nothing here is asserted.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { getValidator } from '../cli/lint/context.ts';
import { SCHEMA_BY_KIND } from '../cli/lint/rules/schema.ts';
import { lintSite } from '../cli/lint/run.ts';
import { DIST_DIR, ROOT } from '../cli/paths.ts';
import { kindOf, loadSite } from '../engine/node.ts';
import { generateSite } from './generate-site.ts';
import { cacheLine, lspLines, measureLanguageServer, measureLintCache } from './lint-incremental.ts';
import { galleryLines, measureGallery } from './editor-gallery.ts';
import { editorPreviewLine, measureEditorPreview } from './editor-preview.ts';
import { interactionsTable, runInteractions } from './interactions.ts';
import { authoringCodeInBundle, authoringCodeLine, jsWeightTable, measureFirstLoadJs } from './js-weight.ts';
import { lighthouseTable, runLighthouse } from './lighthouse.ts';
import { printCliSpeed } from './cli-speed.ts';
import { fmt, timeIt, wallTime } from './lib.ts';

const SITE = join(ROOT, 'site-config');
const bin = join(ROOT, 'cli', 'bin.js');
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);

console.log('building the site (the bundle figures must describe the current sources)...');
// Once before the timed build: the first command after an edit compiles the commands (cli/compile.js).
spawnSync(process.execPath, [bin, '--help'], { stdio: 'ignore' });
const buildStart = performance.now();
if (spawnSync(process.execPath, [bin, 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
const buildMs = performance.now() - buildStart;

console.log("\n# The author's loop and the server start (each figure beside its target)");
await printCliSpeed(buildMs);

console.log('\n# Per-block weight');
spawnSync(process.execPath, ['--import', 'tsx', 'bench/block-weights.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});

console.log('\n# Content tooling');
const big = generateSite(SITE, 1000);

// In-process: the whole lint against bare ajv validation of the same files.
getValidator();
const inLint = timeIt(() => lintSite(big), 3);
const validator = getValidator();
const files = [...loadSite(big).files.values()].map((f) => ({ rel: f.rel, abs: f.abs }));
const schemaOf = SCHEMA_BY_KIND;
// Bare: read, JSON.parse and validate each file against its schema; nothing else.
const bare = timeIt(() => {
  let n = 0;
  for (const f of files) {
    const k = kindOf(f.rel);
    const value = JSON.parse(readFileSync(f.abs, 'utf8'));
    if (k && schemaOf[k]) n += validator.validate(schemaOf[k]!, value).length;
  }
  return n;
}, 5);
line(
  `lint in-process vs bare ajv (read+parse+validate), ${files.length} files`,
  `${fmt(inLint.ms)} ms vs ${fmt(bare.ms)} ms = ${fmt(inLint.ms / bare.ms, 1)}x`,
);

// The author's loop: the language server after an edit, and lint --cache (issue 50).
for (const l of lspLines(await measureLanguageServer(big))) console.log(l);
console.log(cacheLine('1,000-page site', measureLintCache(big), '<= 3 s'));
const nodeStart = wallTime(process.execPath, ['-e', '0'], 5).ms;
const shippedCopy = generateSite(SITE, 0); // a copy: the bench edits a page
console.log(cacheLine('shipped site', measureLintCache(shippedCopy), `<= 3x node -e 0 = ${fmt(3 * nodeStart)} ms`));
rmSync(shippedCopy, { recursive: true, force: true });

rmSync(big, { recursive: true, force: true });

// As `joinery build` renders: React's production build (cli/bin.js sets NODE_ENV), own process.
console.log('\n# Visual editor (joinery dev)');
console.log(editorPreviewLine(await measureEditorPreview()));
console.log(galleryLines(await measureGallery()));

console.log('\n# Prerender');
spawnSync(process.execPath, ['--import', 'tsx', 'bench/prerender.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});

console.log(
  '\n# First-load JavaScript (gzip -9, measured in the browser: a 412x823 phone window, no input, until the page has settled)',
);
const jsRows = await measureFirstLoadJs();
console.log(jsWeightTable(jsRows));
console.log(authoringCodeLine(authoringCodeInBundle()));

console.log('\n# Browser bundle (gzip)');
const gz = (u: string) => {
  const file = join(DIST_DIR, 'site', decodeURIComponent(u.split('?')[0]!));
  return existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
};
/** The page's first transfer: its JavaScript as measured above, the rest as its HTML names it. */
function firstLoad(page: string, js: number) {
  const html = readFileSync(join(DIST_DIR, 'site', page, 'index.html'), 'utf8');
  // Linked sheets once each (a non-blocking one is also in <noscript>); inlined CSS is in the HTML.
  const css = [...new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!))].reduce(
    (n, u) => n + gz(u),
    0,
  );
  // Images fetched on load: <img> without loading="lazy" (lazy ones wait for scrolling).
  const imgs = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((t) => !/loading="lazy"/.test(t));
  const images = [
    ...new Set(imgs.map((t) => /src="([^"]+)"/.exec(t)?.[1]).filter((u): u is string => !!u && u.startsWith('/'))),
  ].reduce((n, u) => n + gz(u), 0);
  const doc = gzipSync(html).length;
  return { js, css, images, doc, total: js + css + images + doc };
}
const kb = (n: number) => `${fmt(n / 1024, 1)} kB`;
for (const r of jsRows) {
  const page = r.path.replace(/^\/+/, '');
  if (!existsSync(join(DIST_DIR, 'site', page, 'index.html'))) continue;
  const f = firstLoad(page, r.total);
  line(
    `${r.label}: first-load JS / total transfer`,
    `${kb(f.js)} / ${kb(f.total)} (HTML ${kb(f.doc)}, CSS ${kb(f.css)}, images ${kb(f.images)})`,
  );
}
// The estimator: jsPDF (about 110 kB gzip) must load only when the PDF is asked for. Its code is
// recognised by its own error text, so an inlined copy counts as much as a chunk named after it.
const estimator = jsRows.find((r) => r.label === 'estimator');
if (estimator) {
  const jspdf = estimator.scripts.filter(
    (s) => /jspdf/i.test(s.url) || s.body.includes('Invalid argument passed to jsPDF'),
  );
  line(
    'estimator: jsPDF in the first-load JS',
    jspdf.length
      ? `YES: ${jspdf.map((s) => s.url).join(', ')}`
      : `no (${estimator.scripts.length} first-load scripts; jsPDF loads on Print/download)`,
  );
}
const chunks = readdirSync(join(DIST_DIR, 'site', 'assets')).filter((f) => f.endsWith('.js'));
const leaks = chunks.filter((f) =>
  /\bajv\b|better-sqlite3|node:fs|@hono\/node-server|nodemailer/.test(
    readFileSync(join(DIST_DIR, 'site', 'assets', f), 'utf8'),
  ),
);
line(
  'browser chunks containing ajv or server code',
  leaks.length ? leaks.join(', ') : `none (of ${chunks.length} chunks)`,
);

console.log(
  `\n# Lighthouse (mobile defaults, simulated slow 4G; median of 3 runs per page; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')})`,
);
const lighthouseRows = await runLighthouse();
console.log(lighthouseTable(lighthouseRows));
for (const r of lighthouseRows) if (r.failing.length) console.log(`${r.label}: ${r.failing.join(', ')}`);

console.log(
  `\n# Interactions (412 px, CPU slowed 4x; longest event per interaction, as INP counts it; median of 5 fresh pages)`,
);
console.log(interactionsTable(await runInteractions()));

// The page-serving, search, checkout and outbox benchmarks run as their own processes (each prints its figures).
const run = (title: string, args: string[]) => {
  console.log(`\n# ${title}`);
  spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: 'inherit' });
};
run('Pages served (32 concurrent clients on loopback, as a browser asks)', ['bench/pages-served.ts']);
run('Search (1,000-style index)', ['bench/search.ts']);
run('Checkout (32 concurrent clients on loopback)', ['bench/checkout.ts', '5000']);
run('Outbox (e-mail to an SMTP server on loopback)', ['bench/outbox.ts', '2000']);
