/** Test helper: a Site built from in-memory files (path -> JSON value or raw text). */
import { parseJsonFile } from '../content/json-file.ts';
import type { Site } from '../content/load-site.ts';

export function memorySite(files: Record<string, unknown>): Site {
  const map = new Map();
  for (const [rel, v] of Object.entries(files)) {
    const text = typeof v === 'string' ? v : JSON.stringify(v, null, 2);
    map.set(rel, parseJsonFile(rel, `/mem/${rel}`, text));
  }
  return { dir: '/mem', files: map };
}

export const baseSite = {
  'site.json': {
    name: 'Test Shop',
    origin: 'https://shop.test',
    currency: 'USD',
    breakpoints: { tablet: 768, desktop: 1201 },
  },
  'templates/default.json': {
    regions: [
      { name: 'header', tag: 'header', blocks: [] },
      { name: 'main', slot: 'page' },
    ],
  },
};
