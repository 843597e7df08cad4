/**
 * `joinery lsp`: a Language Server Protocol server on stdio. Open and changed buffers replace
 * their files in the cached site; after a pause in typing the checks the edit touches run again,
 * on the files it affects (the cross-file rules see the unsaved text), and every open document
 * gets its diagnostics.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionKind,
  createConnection,
  DidChangeWatchedFilesNotification,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type InitializeParams,
} from 'vscode-languageserver/node';
import { codeActions } from './code-actions.ts';
import { completions } from './completion.ts';
import { toDiagnostic } from './diagnostics.ts';
import { hover } from './hover.ts';
import { type LintSnapshot, Workspace } from './workspace.ts';

/** Pause after the last keystroke before linting. */
export const DEBOUNCE_MS = 150;

export interface ServerOptions {
  /** The content folder from --site (or its default). */
  siteDir: string;
  /** --site was given: the client's workspace folder does not override it. */
  siteGiven: boolean;
}

const isSite = (dir: string) => existsSync(join(dir, 'site.json')) && existsSync(join(dir, 'routes.json'));

/** --site when given, else the client's root when it is a site or holds site-config/, else the default. */
function chooseSiteDir(opts: ServerOptions, params: InitializeParams): string {
  if (opts.siteGiven) return opts.siteDir;
  const uri = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
  if (uri?.startsWith('file:')) {
    const root = fileURLToPath(uri);
    for (const dir of [root, join(root, 'site-config')]) if (isSite(dir)) return dir;
  }
  return opts.siteDir;
}

export function startServer(opts: ServerOptions): Promise<number> {
  // stdout carries the protocol: whatever the code logs goes to stderr.
  console.log = console.info = console.debug = console.error;
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const documents = new TextDocuments(TextDocument);
  let ws: Workspace | undefined;
  let versioned = false;
  let watchDynamically = false;
  /** The open documents of the site as the last lint saw them. */
  let linted = new Map<string, { uri: string; version: number }>();
  let timer: NodeJS.Timeout | undefined;

  const openRel = (uri: string) => (ws ? ws.relOf(uri) : undefined);

  function lintNow() {
    timer = undefined;
    if (!ws) return;
    const seen = new Map<string, { uri: string; version: number }>();
    for (const doc of documents.all()) {
      const rel = ws.relOf(doc.uri);
      if (rel) seen.set(rel, { uri: doc.uri, version: doc.version });
    }
    let snapshot: LintSnapshot;
    try {
      snapshot = ws.lint();
    } catch (e) {
      // A rule that trips on a half-typed buffer must not end the server: the next edit lints again.
      connection.console.error(`joinery: lint failed: ${(e as Error).stack ?? e}`);
      return;
    }
    const { findings, files } = snapshot;
    linted = seen;
    for (const [rel, { uri }] of seen) {
      const file = files.get(rel);
      const diagnostics = (findings.get(rel) ?? []).map((f) => toDiagnostic(f, file));
      void connection.sendDiagnostics({ uri, diagnostics });
    }
  }
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(lintNow, DEBOUNCE_MS);
  };

  connection.onInitialize((params) => {
    const dir = chooseSiteDir(opts, params);
    try {
      ws = new Workspace(dir);
    } catch (e) {
      connection.console.error(`joinery: ${(e as Error).message}`);
    }
    versioned = !!params.capabilities.workspace?.workspaceEdit?.documentChanges;
    watchDynamically = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['"', '/', '#'] },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: { name: 'joinery' },
    };
  });
  connection.onInitialized(() => {
    if (ws && watchDynamically)
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: { baseUri: ws.uriOf('').replace(/\/?$/, '/'), pattern: '**/*.json' } }],
      });
    // A first lint at once compiles the validator, so the first opened file gets its findings sooner.
    schedule();
  });

  documents.onDidChangeContent(({ document }) => {
    const rel = openRel(document.uri);
    if (!rel || !ws) return;
    ws.setText(rel, document.getText());
    schedule();
  });
  documents.onDidClose(({ document }) => {
    const rel = openRel(document.uri);
    if (!rel || !ws) return;
    ws.revert(rel);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    schedule();
  });
  connection.onDidChangeWatchedFiles(({ changes }) => {
    if (!ws) return;
    const open = new Set(documents.all().map((d) => d.uri));
    for (const c of changes) {
      const rel = ws.relOf(c.uri);
      if (rel && !open.has(c.uri)) ws.revert(rel);
    }
    schedule();
  });

  connection.onCompletion(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    const rel = openRel(textDocument.uri);
    return doc && rel && ws ? completions(ws, rel, doc, position) : [];
  });
  connection.onHover(({ textDocument, position }) => {
    const doc = documents.get(textDocument.uri);
    const rel = openRel(textDocument.uri);
    return doc && rel && ws ? hover(ws, rel, doc, position) : null;
  });
  connection.onCodeAction(({ textDocument, range }) => {
    const rel = openRel(textDocument.uri);
    return rel && ws ? codeActions(ws, rel, range, { open: linted, versioned }) : [];
  });

  documents.listen(connection);
  connection.listen();
  // The connection ends the process (exit notification, or stdin closed).
  return new Promise(() => {});
}
