import { relative } from 'node:path';

/** A finding's file as a path from the working directory ("site-config/pages/x.json"). */
export const displayPath = (siteDir: string, file: string) => (siteDir === '.' ? file : `${siteDir}/${file}`);

/** The content folder as findings show it: from the working directory, or absolute outside it. */
export function shownSiteDir(dir: string): string {
  const rel = relative(process.cwd(), dir).split('\\').join('/');
  return rel.startsWith('..') ? dir : rel || '.';
}
