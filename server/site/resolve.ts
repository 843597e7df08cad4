/**
 * Which built file answers a path, in order: the file itself, the page's index.html, a dynamic
 * route's shell, else the 404 page (status 404). `<path>/page-data.json` resolves the same way
 * to page data, so client navigation gets a dynamic shell's data or the 404 page's data.
 */
import { matchPath } from '../../engine/node.ts';
import type { SiteBuild } from './site-build.ts';

export type Resolution = { kind: 'file'; rel: string; status: 200 | 404 } | { kind: 'none' };

const PAGE_DATA = 'page-data.json';

function dynamicDir(build: SiteBuild, rawSegments: string[]): string | undefined {
  const path = `/${rawSegments.join('/')}`;
  return build.dynamic.find((d) => matchPath(d.pattern, path) !== null)?.dir;
}

/** The 404 page's file (`index.html` or `page-data.json`), or none when the build has no 404 page. */
export function notFoundFile(build: SiteBuild, file: 'index.html' | typeof PAGE_DATA): Resolution {
  return build.notFound ? { kind: 'file', rel: `${build.notFound}/${file}`, status: 404 } : { kind: 'none' };
}

/** `segments` are decoded (for file lookup), `raw` the same segments as sent (for matching). */
export function resolveSitePath(build: SiteBuild, segments: string[], raw: string[]): Resolution {
  // Shells are served for their patterns only, never at their own folder's URL.
  if (segments[0] === '_shells') return notFoundFile(build, 'index.html');
  const rel = segments.join('/');
  if (build.files.has(rel)) return { kind: 'file', rel, status: 200 };

  if (segments.at(-1) === PAGE_DATA) {
    const dir = dynamicDir(build, raw.slice(0, -1));
    return dir ? { kind: 'file', rel: `${dir}/${PAGE_DATA}`, status: 200 } : notFoundFile(build, PAGE_DATA);
  }
  const index = rel ? `${rel}/index.html` : 'index.html';
  if (build.files.has(index)) return { kind: 'file', rel: index, status: 200 };
  const dir = dynamicDir(build, raw);
  if (dir) return { kind: 'file', rel: `${dir}/index.html`, status: 200 };
  return notFoundFile(build, 'index.html');
}
