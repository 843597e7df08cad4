/** Every fix a finding carries, as a quick fix; the certain ones are preferred (what `--fix` would apply). */
import {
  CodeActionKind,
  type CodeAction,
  type Range,
  type TextDocumentEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { FindingFix } from '../../engine/node.ts';
import { findingRange, overlaps, toDiagnostic } from './diagnostics.ts';
import { textDocumentOf, type Workspace } from './workspace.ts';

export interface EditTarget {
  /** URI of each open document by relative file, with the version the last lint saw. */
  open: Map<string, { uri: string; version: number }>;
  /** The client applies versioned document edits (and so refuses an edit to a changed buffer). */
  versioned: boolean;
}

function workspaceEdit(ws: Workspace, fix: FindingFix, target: EditTarget): WorkspaceEdit | undefined {
  const file = ws.last.files.get(fix.file);
  if (!file) return undefined;
  const doc = textDocumentOf(file);
  const edits = fix.edits.map((e) => ({
    range: { start: doc.positionAt(e.offset), end: doc.positionAt(e.offset + e.length) },
    newText: e.content,
  }));
  const open = target.open.get(fix.file);
  const uri = open?.uri ?? ws.uriOf(fix.file);
  if (!target.versioned) return { changes: { [uri]: edits } };
  const change: TextDocumentEdit = { textDocument: { uri, version: open?.version ?? null }, edits };
  return { documentChanges: [change] };
}

export function codeActions(ws: Workspace, rel: string, range: Range, target: EditTarget): CodeAction[] {
  const file = ws.last.files.get(rel);
  const out: CodeAction[] = [];
  for (const f of ws.last.findings.get(rel) ?? []) {
    if (!f.fixes?.length || !overlaps(findingRange(f, file), range)) continue;
    const diagnostic = toDiagnostic(f, file);
    for (const fix of f.fixes) {
      const edit = workspaceEdit(ws, fix, target);
      if (edit)
        out.push({
          title: fix.description,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: fix.certain,
          edit,
        });
    }
  }
  return out;
}
