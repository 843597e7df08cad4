/** The HTML document around a rendered page: head, styles, preloads, embedded page data. */
import { serializeJsonLd } from '../head/json-ld.ts';
import { escapeHtml } from '../text/escape-html.ts';
import { MAIN_ID } from './main-region.ts';
import type { PageData } from '../types.ts';
import { NOTICE_ATTR, NOTICE_SCRIPT } from './notice-script.ts';
import type { IslandRecord } from './island.tsx';
import { ISLANDS_ELEMENT_ID, islandPage, type IslandsData } from './islands-data.ts';
import { SHEET_ATTR } from './deferred-sheet.ts';
import { visibilityCss } from './visibility.ts';

export interface DocumentAssets {
  /** Script entry URL. */
  entry: string;
  /** Stylesheets to link. */
  css: string[];
  /**
   * The page's share of those stylesheets (engine/prerender/critical-css.ts): the rules its markup
   * uses, inlined, so the first paint waits for no stylesheet. The stylesheets are then linked
   * `disabled` (SHEET_ATTR): not fetched while the first screen loads; the boot script fetches
   * them at an idle moment and switches them on when the page first shows a class the inlined CSS
   * may lack (deferred-sheet.ts); cached for the next pages.
   */
  inlineCss?: string;
  /** Module URLs to preload (the entry's imports and the page's block chunks). */
  preload: string[];
  /** Per block type asked for, the module files its chunk imports beyond the entry's, if any (IslandsData.chunks). */
  blockChunks?: Record<string, string[]>;
  /**
   * The boot script (engine/client/boot.ts): when given, the page's only script; it preloads
   * `preload` and imports `entry` once the first screen is painted, so no hydration code
   * competes with the first paint and the LCP image.
   */
  boot?: string;
}

export { escapeHtml };

function themeCss(theme: Record<string, string> | undefined): string {
  if (!theme) return '';
  const decls = Object.entries(theme)
    .filter(([k, v]) => /^[a-z0-9-]+$/i.test(k) && !/[<>{};]/.test(v))
    .map(([k, v]) => `--${k}:${v}`)
    .join(';');
  return decls ? `:root{${decls}}` : '';
}

function stylesheets(assets: DocumentAssets): string[] {
  const link = (href: string, extra = '') => `<link rel="stylesheet" href="${escapeHtml(href)}"${extra}>`;
  // CSS holding "</style" would end the element early: linked as it is instead.
  if (assets.inlineCss === undefined || /<\/style/i.test(assets.inlineCss) || !assets.css.length)
    return assets.css.map((href) => link(href));
  return [
    `<style data-jv-critical>${assets.inlineCss}</style>`,
    ...assets.css.map((href) => link(href, ` disabled ${SHEET_ATTR}`)),
  ];
}

function scripts(assets: DocumentAssets): string[] {
  if (assets.boot) {
    const preload = escapeHtml(assets.preload.join(' '));
    return [
      `<script type="module" src="${escapeHtml(assets.boot)}" data-jv-entry="${escapeHtml(assets.entry)}" data-jv-preload="${preload}" fetchpriority="low"></script>`,
    ];
  }
  // Hydration code at low priority: the first paint (HTML, inlined CSS) and the first screen's
  // images come first on a slow link; the page shows without it and stays usable as links.
  return [
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" fetchpriority="low">`),
    `<script type="module" src="${escapeHtml(assets.entry)}" fetchpriority="low"></script>`,
  ];
}

/**
 * Following a link is a plain page load of prerendered HTML, made instant by Speculation Rules:
 * the browser prerenders a same-site page when the shopper starts to press its link (or hovers
 * it a moment), and prefetches it where it does not prerender. Not the API, downloads, or links
 * marked rel=nofollow or data-jv-no-prerender.
 */
const SAME_SITE_PAGES = {
  and: [
    { href_matches: '/*' },
    { not: { href_matches: '/api/*' } },
    { not: { selector_matches: '[rel~=nofollow], [download], [data-jv-no-prerender], [target=_blank]' } },
  ],
};
export const SPECULATION_RULES = JSON.stringify({
  prerender: [{ where: SAME_SITE_PAGES, eagerness: 'moderate' }],
  prefetch: [{ where: SAME_SITE_PAGES, eagerness: 'moderate' }],
});

export function renderDocument(opts: {
  data: PageData;
  html: string;
  assets: DocumentAssets;
  theme?: Record<string, string>;
  islands?: Record<string, IslandRecord>;
}): string {
  const { data, html, assets } = opts;
  const islands = opts.islands ?? {};
  // A page without islands runs no script of ours at all.
  const hasIslands = Object.keys(islands).length > 0;
  const h = data.head;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // No first paint before <main> is in the document: the header is whole. A browser may paint
    // a document still arriving or being parsed (a slow link, a busy phone); a header painted
    // half parsed moved as the rest came in (the cart link grew leftwards: a layout shift).
    // Chromium ends the wait at <main>'s start tag. Waiting for all the markup (naming an element
    // after it) made Lighthouse's estimated first paint 0.2 s later on the estimator.
    ...(data.regions.some((r) => r.tag === 'main') ? [`<link rel="expect" href="#${MAIN_ID}" blocking="render">`] : []),
    `<title>${escapeHtml(h.title)}</title>`,
    `<meta name="description" content="${escapeHtml(h.description)}">`,
    ...h.meta.map((m) => `<meta name="${escapeHtml(m.name)}" content="${escapeHtml(m.content)}" data-jv>`),
    `<link rel="canonical" href="${escapeHtml(h.canonical)}">`,
    ...(data.site.favicon ? [`<link rel="icon" href="${escapeHtml(data.site.favicon)}">`] : []),
    `<style>${themeCss(opts.theme)}${visibilityCss(data.site.breakpoints)}</style>`,
    ...stylesheets(assets),
    ...(hasIslands ? scripts(assets) : []),
    `<script type="speculationrules">${SPECULATION_RULES}</script>`,
    ...h.jsonLd.map((ld) => `<script type="application/ld+json">${serializeJsonLd(ld)}</script>`),
  ].join('\n');
  return (
    `<!doctype html>\n<html lang="${escapeHtml(data.site.language)}">\n<head>\n${head}\n</head>\n<body>\n` +
    `<div id="root">${html}</div>\n` +
    (html.includes(NOTICE_ATTR) ? `<script>${NOTICE_SCRIPT}</script>\n` : '') +
    (hasIslands
      ? `<script id="${ISLANDS_ELEMENT_ID}" type="application/json">${serializeJsonLd({ page: islandPage(data), islands, chunks: assets.blockChunks ?? {} } satisfies IslandsData)}</script>\n`
      : '') +
    `</body>\n</html>\n`
  );
}
