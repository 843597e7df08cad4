/**
 * Which built file answers a path, in order: the file itself, the page's index.html, a dynamic
 * route's shell, else the 404 page (status 404).
 */
import { matchPath } from '../../engine/node.ts';
import type { SiteBuild } from './site-build.ts';

export type Resolution = { kind: 'file'; rel: string; status: 200 | 404 } | { kind: 'none' };

function dynamicDir(build: SiteBuild, rawSegments: string[]): string | undefined {
  const path = `/${rawSegments.join('/')}`;
  return build.dynamic.find((d) => matchPath(d.pattern, path) !== null)?.dir;
}

/** The 404 page, or none when the build has no 404 page. */
export function notFoundFile(build: SiteBuild): Resolution {
  return build.notFound ? { kind: 'file', rel: `${build.notFound}/index.html`, status: 404 } : { kind: 'none' };
}

/** `segments` are decoded (for file lookup), `raw` the same segments as sent (for matching). */
export function resolveSitePath(build: SiteBuild, segments: string[], raw: string[]): Resolution {
  // Shells are served for their patterns only, never at their own folder's URL.
  if (segments[0] === '_shells') return notFoundFile(build);
  const rel = segments.join('/');
  if (build.files.has(rel)) return { kind: 'file', rel, status: 200 };

  const index = rel ? `${rel}/index.html` : 'index.html';
  if (build.files.has(index)) return { kind: 'file', rel: index, status: 200 };
  const dir = dynamicDir(build, raw);
  if (dir) return { kind: 'file', rel: `${dir}/index.html`, status: 200 };
  return notFoundFile(build);
}
