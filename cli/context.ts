/** The content folder chosen with --site (default site-config), resolved from the cwd. */
import { resolve } from 'node:path';

let siteDir = resolve('site-config');
export const setSiteDir = (dir: string) => {
  siteDir = resolve(dir);
};
export const getSiteDir = () => siteDir;
