/**
 * Finding links in content strings: a whole string that is a path (under a link-like key, or
 * any path-shaped string where links are expected), and links inside text: markdown
 * `[label](/url)` / `![alt](/img)` and HTML `href="/url"` / `src="/img"`. One place, so rich
 * text and new link-bearing props are covered by both broken-link and missing-file.
 */

export interface FoundLink {
  url: string;
  /** Set for a link inside a text: the substring to locate for a precise column. */
  needle?: string;
  /** Where the URL starts inside the needle. */
  skip?: number;
}

/** Keys whose string value is a link: url, href, link, to, and camelCase ones ending so (ctaUrl). */
const LINK_KEY = /^(url|href|link|to)$|[a-z](Url|Href|Link)$/;
/** A string that is nothing but a path: "/kitchens/shaker?x=1#top". */
const PATH_SHAPE = /^\/(?!\/)[^\s"'<>()[\]{}]*$/;
const MD_LINK = /!?\[[^\]]*\]\(\s*(\/[^)\s]*)(?:\s+"[^"]*")?\s*\)/g;
const HTML_LINK = /\b(?:href|src)\s*=\s*["'](\/[^"']*)["']/g;

const isLinkKey = (key: string | undefined) => !!key && LINK_KEY.test(key);

/**
 * Links in one string. `anyPath`: a path-shaped string counts even under a non-link key
 * (block props and menus, where such a string can only be a link).
 */
export function linksIn(value: string, key: string | undefined, anyPath: boolean): FoundLink[] {
  if (value.startsWith('/') && !value.startsWith('//') && (isLinkKey(key) || (anyPath && PATH_SHAPE.test(value))))
    return [{ url: value }];
  if (!value.includes('](/') && !/(?:href|src)\s*=/.test(value)) return [];
  const out: FoundLink[] = [];
  // Markdown needles include "](" so a URL also written as plain text earlier is not mistaken for it.
  for (const m of value.matchAll(MD_LINK))
    if (!m[1]!.startsWith('//')) out.push({ url: m[1]!, needle: `](${m[1]!}`, skip: 2 });
  for (const m of value.matchAll(HTML_LINK)) if (!m[1]!.startsWith('//')) out.push({ url: m[1]!, needle: m[1]! });
  return out;
}

/** The path part of a URL: no query, no hash, no trailing slash ("/" stays "/"). */
export function pathOf(url: string): string {
  const path = url.split(/[?#]/)[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : '/';
}

/** A link to a page of the site, as opposed to the API, an image or another file. */
export function isPageLink(url: string): boolean {
  const path = pathOf(url);
  return (
    url.startsWith('/') &&
    !url.startsWith('//') &&
    !path.startsWith('/api/') &&
    path !== '/api' &&
    !path.startsWith('/images/') &&
    !/\.[A-Za-z0-9]{1,5}$/.test(path) &&
    !url.includes('{')
  );
}

export const isAssetLink = (url: string) => url.startsWith('/images/');
