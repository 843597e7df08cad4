/**
 * The lint overlay of `joinery dev`, server side: the findings as the overlay shows them (paths
 * as `joinery lint` prints them, each rule's page served at /__joinery/rules/<id>), the files a
 * page is made from, and the overlay's markup in the page (overlay-client.ts redraws it as the
 * dev server sends new findings).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import {
  escapeHtml,
  fileValue,
  findDataRefs,
  getAtPointer,
  pageFile,
  parseDataRef,
  parsePointer,
  templateFile,
  type Finding,
  type RouteEntry,
  type Site,
} from '../../engine/node.ts';
import { CLIENT_ENTRY } from '../../engine/vite/config.ts';
import { displayPath, shownSiteDir } from '../lint/formatters/paths.ts';
import { ROOT } from '../paths.ts';
import {
  OVERLAY_DATA_ID,
  OVERLAY_ID,
  opensAtFirst,
  overlayHtml,
  type OverlayFinding,
  type OverlayState,
} from './overlay-view.ts';

export const RULE_DOCS = '/__joinery/rules/';
const docFile = (ruleId: string) => join(ROOT, 'docs', 'rules', `${ruleId}.md`);
/** The overlay's browser script, from the project root. */
export const OVERLAY_CLIENT = relative(ROOT, join(import.meta.dirname, 'overlay-client.ts'))
  .split(sep)
  .join('/');

/** The findings as the overlay lists them. */
export function overlayFindings(findings: readonly Finding[], siteDir: string): OverlayFinding[] {
  const shown = shownSiteDir(siteDir);
  return findings.map((f) => ({
    severity: f.severity,
    file: f.file,
    at: `${displayPath(shown, f.file)}:${f.line}:${f.column}`,
    message: f.message,
    ruleId: f.ruleId,
    ...(/^[a-z0-9-]+$/.test(f.ruleId) && existsSync(docFile(f.ruleId)) && { doc: `${RULE_DOCS}${f.ruleId}` }),
    ...(f.fix && { command: f.fix }),
    fixes: (f.fixes ?? []).map((x) => ({ description: x.description, certain: x.certain })),
  }));
}

/** The content files a route's page is made from: its page, its template, the data they reference. */
export function pageFilesOf(site: Site, route: RouteEntry): string[] {
  const files = new Set([pageFile(route.page)]);
  const page = fileValue<{ template?: string }>(site, pageFile(route.page));
  const template = templateFile(page?.template ?? route.template ?? 'default');
  files.add(template);
  const refs = [...findDataRefs(page, ''), ...findDataRefs(fileValue(site, template), '')].map((r) => r.ref);
  const declared = getAtPointer(fileValue(site, route.source.file), parsePointer(route.source.pointer));
  const source = (declared as { source?: unknown } | undefined)?.source;
  if (typeof source === 'string') refs.push(source);
  for (const ref of refs) {
    try {
      const file = parseDataRef(ref).file;
      if (file) files.add(file);
    } catch {
      // A malformed reference is a finding of its own.
    }
  }
  return [...files];
}

/** The overlay's host (its shadow root written out, so it shows before any script runs), its state and its script. */
function overlayMarkup(state: OverlayState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<div id="${OVERLAY_ID}" data-entry="/${CLIENT_ENTRY}"><template shadowrootmode="open">${overlayHtml(state, opensAtFirst(state))}</template></div>
<script type="application/json" id="${OVERLAY_DATA_ID}">${json}</script>
<script type="module" src="/${OVERLAY_CLIENT}"></script>`;
}

/** The page's HTML with the overlay at the end of its body (empty without findings, there for the next ones). */
export function withOverlay(html: string, state: OverlayState): string {
  const at = html.lastIndexOf('</body>');
  const markup = overlayMarkup(state);
  return at < 0 ? html + markup : `${html.slice(0, at)}${markup}\n${html.slice(at)}`;
}

/** The document of a page that cannot be rendered and has no earlier render: only the overlay. */
export const EMPTY_PAGE =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Content errors</title>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n';

/** A rule's page (docs/rules/<id>.md) for /__joinery/rules/<id>, or undefined for any other path. */
export function ruleDocPage(pathname: string): { status: number; html: string } | undefined {
  if (!pathname.startsWith(RULE_DOCS)) return undefined;
  const id = pathname.slice(RULE_DOCS.length);
  if (!/^[a-z0-9-]+$/.test(id) || !existsSync(docFile(id)))
    return { status: 404, html: `<!doctype html><title>No such rule</title><p>No lint rule "${escapeHtml(id)}".</p>` };
  // The Markdown as it is written, under its title.
  const [first = '', ...rest] = readFileSync(docFile(id), 'utf8').split('\n');
  const title = first.replace(/^#\s*/, '').replace(/`/g, '') || id;
  return {
    status: 200,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}: joinery lint rule</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f1d1a}pre{white-space:pre-wrap;font:14px/1.6 ui-monospace,monospace}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p><code>docs/rules/${escapeHtml(id)}.md</code></p><pre>${escapeHtml(rest.join('\n').trim())}</pre></main></body></html>`,
  };
}
