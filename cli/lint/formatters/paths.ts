/** A finding's file as a path from the working directory ("site-config/pages/x.json"). */
export const displayPath = (siteDir: string, file: string) => (siteDir === '.' ? file : `${siteDir}/${file}`);
