/**
 * The site as the language server sees it: loaded from disk once, each open buffer's unsaved
 * text swapped in for its file (so the cross-file rules see it), and the findings of the last
 * lint with the texts they were computed from. A lint after an edit re-runs only the checks the
 * edited files touch (cli/lint/incremental.ts) and keeps the other findings.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { kindOf, loadSite, parseJsonFile, type Finding, type JsonFile, type Site } from '../../engine/node.ts';
import { LintContext } from '../lint/context.ts';
import { IncrementalLint } from '../lint/incremental.ts';

export interface LintSnapshot {
  /** Findings by content-folder-relative file. */
  findings: Map<string, Finding[]>;
  /** The files as they were linted (fix offsets and positions refer to these texts). */
  files: Map<string, JsonFile>;
}

const documents = new WeakMap<JsonFile, TextDocument>();
/** A linted file as a TextDocument, for offset <-> line/character. */
export function textDocumentOf(file: JsonFile): TextDocument {
  let doc = documents.get(file);
  if (!doc) {
    doc = TextDocument.create(pathToFileURL(file.abs).href, 'json', 0, file.text);
    documents.set(file, doc);
  }
  return doc;
}

export class Workspace {
  readonly site: Site;
  last: LintSnapshot = { findings: new Map(), files: new Map() };
  private ctx?: LintContext;
  private linter: IncrementalLint;
  /** The files edited, reverted or deleted since the last lint. */
  private changed = new Set<string>();

  constructor(readonly dir: string) {
    this.site = loadSite(dir);
    this.linter = new IncrementalLint(this.site);
  }

  /** The content file a `file:` URI names, relative to the site folder; undefined outside it. */
  relOf(uri: string): string | undefined {
    if (!uri.startsWith('file:')) return undefined;
    const rel = relative(this.dir, fileURLToPath(uri)).split(sep).join('/');
    if (rel.startsWith('../') || isAbsolute(rel) || !rel.endsWith('.json') || !kindOf(rel)) return undefined;
    return rel;
  }

  uriOf(rel: string): string {
    return pathToFileURL(join(this.dir, rel)).href;
  }

  /** An editor's text for a file replaces what is on disk. */
  setText(rel: string, text: string) {
    this.site.files.set(rel, parseJsonFile(rel, join(this.dir, rel), text));
    this.changed.add(rel);
    this.ctx = undefined;
  }

  /** Back to the file on disk (a closed buffer, a change outside the editor); gone when deleted. */
  revert(rel: string) {
    const abs = join(this.dir, rel);
    if (existsSync(abs)) this.site.files.set(rel, parseJsonFile(rel, abs, readFileSync(abs, 'utf8')));
    else this.site.files.delete(rel);
    this.changed.add(rel);
    this.ctx = undefined;
  }

  /** Routes, block types and forms of the current texts, for completion. */
  context(): LintContext {
    this.ctx ??= new LintContext(this.site);
    return this.ctx;
  }

  /** Lints what changed since the last lint (everything at first). */
  lint(): LintSnapshot {
    const files = new Map(this.site.files);
    const findings = new Map<string, Finding[]>();
    const changed = this.changed;
    this.changed = new Set();
    let result: ReturnType<IncrementalLint['lint']>;
    try {
      result = this.linter.lint(changed);
    } catch (e) {
      // Its findings are partly updated: the next lint starts afresh.
      this.linter = new IncrementalLint(this.site);
      throw e;
    }
    for (const f of result.findings) {
      const list = findings.get(f.file);
      if (list) list.push(f);
      else findings.set(f.file, [f]);
    }
    this.last = { findings, files };
    return this.last;
  }
}
