/**
 * `joinery lsp` driven as an editor would: a JSON-RPC client on the child's stdio, a temp copy of
 * a fixture site, documents opened and changed without saving.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  Hover,
  PublishDiagnosticsParams,
  TextDocumentEdit,
} from 'vscode-languageserver';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { ROOT } from '../paths.ts';

let dir: string;
let child: ChildProcess;
let rpc: MessageConnection;
const published = new Map<string, Diagnostic[]>();
const waiting: { uri: string; test: (d: Diagnostic[]) => boolean; done: (d: Diagnostic[]) => void }[] = [];

/** The next diagnostics published for `uri` that pass `test` (or the last ones, when they already do). */
function diagnosticsFor(uri: string, test: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
  const last = published.get(uri);
  if (last && test(last)) return Promise.resolve(last);
  return new Promise((done) => waiting.push({ uri, test, done }));
}

const messageOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const uriOf = (rel: string) => pathToFileURL(join(dir, rel)).href;
const textOf = (rel: string) => readFileSync(join(dir, rel), 'utf8');
const versions = new Map<string, number>();

function open(rel: string, text = textOf(rel)) {
  versions.set(rel, 1);
  void rpc.sendNotification('textDocument/didOpen', {
    textDocument: { uri: uriOf(rel), languageId: 'json', version: 1, text },
  });
}

function change(rel: string, text: string) {
  const version = (versions.get(rel) ?? 1) + 1;
  versions.set(rel, version);
  void rpc.sendNotification('textDocument/didChange', {
    textDocument: { uri: uriOf(rel), version },
    contentChanges: [{ text }],
  });
}

/** line/character (0-based) of the first `needle` in `text`, plus `skip` characters. */
function positionOf(text: string, needle: string, skip = 0) {
  const offset = text.indexOf(needle) + skip;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

const ctaBand = (url: string) =>
  `{\n  "blocks": [\n    { "type": "cta-band", "props": { "title": "Visit", "action": { "label": "Go", "url": "${url}" } } }\n  ]\n}\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'joinery-lsp-'));
  cpSync(join(ROOT, 'tests/fixtures/unknown-block'), dir, { recursive: true });
  // No --site: the client's root folder is the site (`--stdio` as clients pass it).
  child = spawn(process.execPath, [join(ROOT, 'cli/bin.js'), 'lsp', '--stdio'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  rpc = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  rpc.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.set(p.uri, p.diagnostics);
    for (const w of [...waiting])
      if (w.uri === p.uri && w.test(p.diagnostics)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.done(p.diagnostics);
      }
  });
  rpc.listen();
  await rpc.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: { workspace: { workspaceEdit: { documentChanges: true } } },
  });
  void rpc.sendNotification('initialized', {});
});

afterAll(async () => {
  await rpc.sendRequest('shutdown');
  const exited = new Promise((done) => child.once('exit', done));
  void rpc.sendNotification('exit');
  await exited;
  rpc.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('joinery lsp', () => {
  it('publishes a diagnostic at the unknown block type, with the rule page and a preferred "faq-list" quick fix', async () => {
    const text = textOf('pages/about.json');
    open('pages/about.json', text);
    const diagnostics = await diagnosticsFor(uriOf('pages/about.json'), (d) => d.length > 0);
    const typo = diagnostics.find((d) => messageOf(d).includes('"faq-lst"'))!;
    const start = positionOf(text, '"faq-lst"');
    expect(typo).toMatchObject({
      code: 'unknown-block',
      source: 'joinery',
      severity: 1,
      range: { start, end: { line: start.line, character: start.character + '"faq-lst"'.length } },
    });
    expect(typo.message).toContain('did you mean "faq-list"');
    expect(typo.codeDescription?.href).toBe(pathToFileURL(join(ROOT, 'docs/rules/unknown-block.md')).href);

    const actions: CodeAction[] = await rpc.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uriOf('pages/about.json') },
      range: typo.range,
      context: { diagnostics: [typo] },
    });
    const fix = actions.find((a) => a.title === 'Replace "faq-lst" with "faq-list"')!;
    expect(fix).toMatchObject({ kind: 'quickfix', isPreferred: true });
    const edit = fix.edit!.documentChanges![0] as TextDocumentEdit;
    expect(edit.textDocument).toEqual({ uri: uriOf('pages/about.json'), version: 1 });
    expect(edit.edits).toEqual([{ range: typo.range, newText: '"faq-list"' }]);

    const hover: Hover = await rpc.sendRequest('textDocument/hover', {
      textDocument: { uri: uriOf('pages/about.json') },
      position: { line: start.line, character: start.character + 3 },
    });
    expect(JSON.stringify(hover.contents)).toContain('docs/rules/unknown-block.md');
  });

  it("offers the site's routes inside a link", async () => {
    const text = ctaBand('/ab');
    open('pages/home.json', text);
    const items: CompletionItem[] = await rpc.sendRequest('textDocument/completion', {
      textDocument: { uri: uriOf('pages/home.json') },
      position: positionOf(text, '"/ab"', 4),
    });
    const routes = items.map((i) => i.label);
    expect(routes).toEqual(expect.arrayContaining(['/', '/about']));
    expect(routes).not.toContain('*');
    const about = items.find((i) => i.label === '/about')!;
    const content = positionOf(text, '"/ab"', 1);
    expect(about.textEdit).toEqual({
      range: { start: content, end: { line: content.line, character: content.character + 3 } },
      newText: '/about',
    });
  });

  it('reports a broken link typed into an unsaved buffer, and clears it when another unsaved buffer adds the route', async () => {
    const onDisk = textOf('pages/home.json');
    const text = ctaBand('/nowhere');
    change('pages/home.json', text);
    const broken = await diagnosticsFor(uriOf('pages/home.json'), (d) =>
      d.some((x) => x.code === 'broken-link' && messageOf(x).includes('/nowhere')),
    );
    const link = broken.find((d) => d.code === 'broken-link')!;
    expect(link.message).toContain('"/nowhere"');
    expect(link.range.start).toEqual(positionOf(text, '"/nowhere"'));
    expect(textOf('pages/home.json')).toBe(onDisk);

    // The route table is another file: its unsaved text counts for the page's links too.
    const routes = JSON.parse(textOf('routes.json'));
    routes.routes.push({
      path: '/nowhere',
      page: 'about',
      title: 'Now here',
      description: 'A route added in the editor.',
    });
    open('routes.json', JSON.stringify(routes, null, 2));
    await diagnosticsFor(uriOf('pages/home.json'), (d) => !d.some((x) => x.code === 'broken-link'));
  });

  it('re-checks an open page whose $data reference names an edited buffer, and keeps what the edit does not touch', async () => {
    // about's heading reads its title from home, which has no such key yet.
    const about = textOf('pages/about.json').replace(
      '"title": "About us"',
      '"title": { "$data": "pages/home.json#/headline" }',
    );
    change('pages/about.json', about);
    await diagnosticsFor(uriOf('pages/about.json'), (d) =>
      d.some((x) => x.code === 'data-ref' && messageOf(x).includes('pages/home.json#/headline')),
    );
    change('pages/home.json', '{ "headline": "Home", "blocks": [] }');
    const after = await diagnosticsFor(uriOf('pages/about.json'), (d) => !d.some((x) => x.code === 'data-ref'));
    expect(after.map((x) => x.code)).toContain('unknown-block');
  });

  it('clears the diagnostics of a closed document', async () => {
    void rpc.sendNotification('textDocument/didClose', { textDocument: { uri: uriOf('pages/about.json') } });
    expect(await diagnosticsFor(uriOf('pages/about.json'), (d) => d.length === 0)).toEqual([]);
  });
});
