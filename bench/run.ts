/**
 * `npm run bench`: prints the figures the issues ask for. Needs a build (`joinery build`) for
 * the bundle figures; builds one when dist/ is missing. Nothing here is asserted.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSite } from '../cli/build/build-site.ts';
import { getValidator } from '../cli/lint/context.ts';
import { lintSite } from '../cli/lint/run.ts';
import { DIST_DIR, ROOT } from '../cli/paths.ts';
import { kindOf, loadSite } from '../engine/node.ts';
import { generateSite } from './generate-site.ts';
import { fmt, timeIt, wallTime } from './lib.ts';

const SITE = join(ROOT, 'site-config');
const bin = join(ROOT, 'cli', 'bin.js');
const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);

if (!existsSync(join(DIST_DIR, 'site', 'index.html'))) {
  console.log('building the site first (dist/ is missing)...');
  if (spawnSync(process.execPath, [bin, 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

console.log('\n# Content tooling');
const lintShipped = wallTime(process.execPath, [bin, 'lint'], 5, ROOT);
line('joinery lint, shipped site (wall, process start included)', `${fmt(lintShipped.ms)} ms (exit ${lintShipped.status})`);

const big = generateSite(SITE, 1000);
const lintBig = wallTime(process.execPath, [bin, '--site', big, 'lint'], 3, ROOT);
line('joinery lint, 1,000-page site (wall)', `${fmt(lintBig.ms)} ms (exit ${lintBig.status})`);

// In-process: the whole lint against bare ajv validation of the same files.
getValidator();
const inLint = timeIt(() => lintSite(big), 3);
const validator = getValidator();
const files = [...loadSite(big).files.values()].map((f) => ({ rel: f.rel, abs: f.abs }));
const schemaOf: Record<string, string> = { site: 'site.schema.json', routes: 'routes.schema.json', page: 'page.schema.json', template: 'template.schema.json', menu: 'menu.schema.json', form: 'form.schema.json' };
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
line(`lint in-process vs bare ajv (read+parse+validate), ${files.length} files`, `${fmt(inLint.ms)} ms vs ${fmt(bare.ms)} ms = ${fmt(inLint.ms / bare.ms, 1)}x`);

console.log('\n# Prerender');
const out = mkdtempSync(join(tmpdir(), 'joinery-bench-out-'));
const built = await buildSite({ siteDir: big, outDir: out, reuseBundlesFrom: DIST_DIR, skipLint: true });
if (built.ok) line('prerender, 1,000-page site', `${fmt(built.pages / built.prerenderSeconds)} pages/s (${built.pages} pages in ${fmt(built.prerenderSeconds, 2)} s)`);
rmSync(out, { recursive: true, force: true });
rmSync(big, { recursive: true, force: true });

console.log('\n# Browser bundle');
function firstLoad(page: string) {
  const html = readFileSync(join(DIST_DIR, 'site', page, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]!);
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  const gz = (u: string) => gzipSync(readFileSync(join(DIST_DIR, 'site', u))).length;
  const js = urls.reduce((s, u) => s + gz(u), 0);
  const styles = css.reduce((s, u) => s + gz(u), 0);
  return { js, styles, html: gzipSync(html).length };
}
for (const [label, page] of [['home', '']] as const) {
  const f = firstLoad(page);
  line(`first-load JavaScript, ${label} (gzip)`, `${fmt(f.js / 1024, 1)} kB (+ CSS ${fmt(f.styles / 1024, 1)} kB, HTML ${fmt(f.html / 1024, 1)} kB)`);
}
const chunks = readdirSync(join(DIST_DIR, 'site', 'assets')).filter((f) => f.endsWith('.js'));
const leaks = chunks.filter((f) => /\bajv\b|better-sqlite3|node:fs|@hono\/node-server|nodemailer/.test(readFileSync(join(DIST_DIR, 'site', 'assets', f), 'utf8')));
line('browser chunks containing ajv or server code', leaks.length ? leaks.join(', ') : `none (of ${chunks.length} chunks)`);
