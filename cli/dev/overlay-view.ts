/**
 * The lint overlay of `joinery dev` as HTML, for the server (the page's first HTML) and the
 * browser (redrawn as findings arrive): a panel over the page listing the findings of the page's
 * own files first, errors before warnings, each with its path as `joinery lint` prints it, its
 * fix and its rule's page; closed, a button that reopens it. It lives in a shadow root, so the
 * site's styles do not reach it. No Node imports: the browser loads this module.
 */
import { escapeHtml } from '../../engine/text/escape-html.ts';

export const OVERLAY_ID = 'jv-dev-overlay';
export const OVERLAY_DATA_ID = 'jv-dev-overlay-data';
/**
 * The custom event on Vite's HMR channel that carries the site's findings after a content edit
 * (`LintEvent`); a page sends it to ask for them.
 */
export const LINT_EVENT = 'joinery:lint';

export interface OverlayFinding {
  severity: 'error' | 'warning';
  /** Content-folder-relative, as in the lint findings. */
  file: string;
  /** Where, as `joinery lint` prints it: "site-config/pages/faqs.json:3:25". */
  at: string;
  message: string;
  ruleId: string;
  /** The rule's page. */
  doc?: string;
  /** A command that fixes it. */
  command?: string;
  /** Text edits that fix it, by their description; `certain` ones `joinery lint --fix` applies. */
  fixes: { description: string; certain: boolean }[];
}

export interface LintEvent {
  /** Counts the content edits since the server started. */
  version: number;
  findings: OverlayFinding[];
}

export interface OverlayState extends LintEvent {
  /** The files the page is made from (page, template, data it references). */
  pageFiles: string[];
  /**
   * What the page shows: its fresh render, its last good render, nothing (it cannot render), or
   * (in the browser, after an edit) the render from before the edit.
   */
  render: 'fresh' | 'last-good' | 'none' | 'before-edit';
  /** The site was not linted yet when the page was served (a start's first pages): the findings come with the first event. */
  pending?: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const errorsIn = (list: OverlayFinding[]) => list.filter((f) => f.severity === 'error');

/** The findings of the page's own files, and the rest. */
function partition(state: OverlayState) {
  const own = new Set(state.pageFiles);
  return {
    page: state.findings.filter((f) => own.has(f.file)),
    other: state.findings.filter((f) => !own.has(f.file)),
  };
}

/** Open at first when the page's own files have errors, or any file has and the page cannot render. */
export const opensAtFirst = (state: OverlayState) =>
  errorsIn(state.render === 'none' ? state.findings : partition(state).page).length > 0;

function findingHtml(f: OverlayFinding): string {
  const fixes = f.fixes.map(
    (x) =>
      `<p class="fix">Fix: ${escapeHtml(x.description)}${x.certain ? ' <small>(<code>joinery lint --fix</code> applies it)</small>' : ''}</p>`,
  );
  const command = f.command ? [`<p class="fix">Fix: <code>${escapeHtml(f.command)}</code></p>`] : [];
  const rule = f.doc
    ? `<a href="${escapeHtml(f.doc)}" target="_blank" rel="noreferrer">${escapeHtml(f.ruleId)}</a>`
    : escapeHtml(f.ruleId);
  return `<li class="${f.severity}"><p class="where"><span class="severity">${f.severity}</span> <code>${escapeHtml(f.at)}</code></p>
<p class="message">${escapeHtml(f.message)}</p>${[...fixes, ...command].join('')}<p class="rule">Rule: ${rule}</p></li>`;
}

const list = (items: OverlayFinding[]) => `<ul>${items.map(findingHtml).join('')}</ul>`;

function otherHtml(other: OverlayFinding[]): string {
  if (!other.length) return '';
  const errors = errorsIn(other);
  const warnings = other.filter((f) => f.severity === 'warning');
  return `<section aria-labelledby="jv-other"><h3 id="jv-other">Other files</h3>${errors.length ? list(errors) : ''}${
    warnings.length
      ? `<details><summary>${plural(warnings.length, 'warning')}</summary>${list(warnings)}</details>`
      : ''
  }</section>`;
}

const RENDER_NOTE: Record<OverlayState['render'], string> = {
  fresh: 'The page below is rendered from the content as it is.',
  'last-good': 'The page below is its last render that worked; it does not render as the content is.',
  none: 'The page cannot be rendered as the content is.',
  'before-edit': 'The page below is as it was before the edit; it updates once these errors are fixed.',
};

function summary(findings: OverlayFinding[]): string {
  const errors = errorsIn(findings).length;
  const warnings = findings.length - errors;
  return [errors && plural(errors, 'error'), warnings && plural(warnings, 'warning')].filter(Boolean).join(', ');
}

/** The shadow root's content: the panel when `open`, else the button that opens it (nothing without findings). */
export function overlayHtml(state: OverlayState, open: boolean): string {
  if (!state.findings.length) return '';
  const { page, other } = partition(state);
  const pageErrors = errorsIn(page);
  const ordered = [...pageErrors, ...page.filter((f) => f.severity === 'warning')];
  const pageSection = page.length
    ? `<section aria-labelledby="jv-page"><h3 id="jv-page">This page's files</h3>${list(ordered)}</section>`
    : '';
  const button = `<button type="button" class="badge${errorsIn(state.findings).length ? ' has-errors' : ''}" data-open>joinery lint: ${summary(state.findings)}</button>`;
  if (!open) return `<style>${CSS}</style>${button}`;
  return `<style>${CSS}</style><div class="backdrop"><div class="panel" role="dialog" aria-labelledby="jv-title" tabindex="-1">
<div class="head"><h2 id="jv-title">joinery lint: ${summary(state.findings)}</h2><button type="button" class="close" data-close>Close</button></div>
<p class="note">${RENDER_NOTE[state.render]} Fix the files and save: this updates as you do. Esc closes it.</p>
${pageSection}${otherHtml(other)}</div></div>`;
}

const CSS = `:host{all:initial}
*{box-sizing:border-box}
.backdrop{position:fixed;inset:0;z-index:2147483647;background:rgb(0 0 0/.55);overflow:auto;padding:4vh 2vw;font:14px/1.5 system-ui,sans-serif;color:#1f1d1a}
.panel{max-width:60rem;margin:0 auto;background:#fff;border-top:6px solid #b3261e;border-radius:6px;padding:1rem 1.5rem;box-shadow:0 10px 40px rgb(0 0 0/.4)}
.panel:focus{outline:3px solid #1a5fb4}
.head{display:flex;gap:1rem;align-items:baseline;justify-content:space-between}
h2{margin:0;font-size:1.25rem;color:#8c1d18}
h3{margin:1rem 0 .25rem;font-size:1rem}
ul{list-style:none;margin:0;padding:0}
li{border-left:4px solid #b3261e;background:#fbf1f0;margin:.5rem 0;padding:.4rem .75rem}
li.warning{border-color:#a05a00;background:#fdf6e9}
li p{margin:.15rem 0}
.severity{font-weight:700;text-transform:uppercase;font-size:.75rem}
code{font:13px/1.4 ui-monospace,monospace;background:rgb(0 0 0/.06);padding:0 .25rem;border-radius:3px}
.message{font-weight:600}
a{color:#1a5fb4}
.note{color:#5c554d;margin:.5rem 0}
summary{cursor:pointer;margin:.5rem 0}
button{font:inherit;cursor:pointer;border-radius:4px;border:1px solid #8f8677;background:#fff;color:#1f1d1a;padding:.3rem .8rem}
button:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
.badge{position:fixed;right:1rem;bottom:1rem;z-index:2147483647;font:13px/1.4 system-ui,sans-serif;background:#fdf6e9;border-color:#a05a00;box-shadow:0 2px 8px rgb(0 0 0/.25)}
.badge.has-errors{background:#b3261e;border-color:#8c1d18;color:#fff}`;
