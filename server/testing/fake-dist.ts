/**
 * A tiny dist/ as `joinery build` writes it (pages, a dynamic shell, the 404 shell,
 * assets, a data file, routes-manifest.json), so server tests need no real build.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const FAKE_SITE = { name: 'Test Cabinets', origin: 'https://www.testcabinets.example' };

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><style>:root{--c:#000}</style>` +
  `<script type="module" src="/assets/entry-abc123.js"></script></head><body><h1>${title}</h1></body></html>`;

const FAKE_DIST_FILES: Record<string, string> = {
  'site/index.html': page('Home'),
  'site/aboutus/index.html': page('About us'),
  'site/kitchen-cabinets/shaker-white/index.html': page('Shaker White'),
  'site/unsubscribe/index.html': page('Newsletter'),
  'site/_shells/unsubscribe/_unsubscribeToken/index.html': page('Unsubscribe'),
  'site/_shells/payment/_paymentMethod/verify/index.html': page('Verify payment'),
  'site/_shells/404/index.html': page('Page not found'),
  'site/assets/entry-abc123.js': 'console.log("hydrate")',
  'site/assets/entry-abc123.css': 'body{margin:0}',
  'site/assets/vendor-def456.js': `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};`,
  'site/images/door.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'site/robots.txt': 'User-agent: *\nDisallow: /api/\n',
  'site/data/samples.json': '[]',
  'site/.vite/manifest.json': '{"secret":"build internals"}',
  'secret.txt': 'outside the site folder',
  'routes-manifest.json': JSON.stringify({
    dynamic: [
      { pattern: '/unsubscribe/:unsubscribeToken', dir: '_shells/unsubscribe/_unsubscribeToken' },
      { pattern: '/payment/:paymentMethod/verify', dir: '_shells/payment/_paymentMethod/verify' },
    ],
    notFound: '_shells/404',
    site: FAKE_SITE,
  }),
};

/** Writes the fake build into `distDir` (created); returns distDir. */
export function writeFakeDist(distDir: string, extra: Record<string, string> = {}): string {
  for (const [rel, text] of Object.entries({ ...FAKE_DIST_FILES, ...extra })) {
    const file = join(distDir, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return distDir;
}
