/** Lint findings as LSP diagnostics: rule id as code, its page as codeDescription, source "joinery". */
import { findNodeAtOffset } from 'jsonc-parser';
import { DiagnosticSeverity, type Diagnostic, type Position, type Range } from 'vscode-languageserver';
import type { Finding, JsonFile } from '../../engine/node.ts';
import { ruleDocHref } from './docs.ts';
import { textDocumentOf } from './workspace.ts';

/**
 * From line/column to endLine/endColumn (both 1-based, the end exclusive). Without an end, the
 * JSON value or key that starts at the finding's position, else the position alone.
 */
export function findingRange(f: Finding, file: JsonFile | undefined): Range {
  const start = { line: f.line - 1, character: f.column - 1 };
  if (f.endLine !== undefined && f.endColumn !== undefined)
    return { start, end: { line: f.endLine - 1, character: f.endColumn - 1 } };
  if (file?.tree) {
    const doc = textDocumentOf(file);
    const offset = doc.offsetAt(start);
    const node = findNodeAtOffset(file.tree, offset, true);
    if (node && node.offset === offset) return { start, end: doc.positionAt(node.offset + node.length) };
  }
  return { start, end: start };
}

export function toDiagnostic(f: Finding, file: JsonFile | undefined): Diagnostic {
  const href = ruleDocHref(f.ruleId);
  return {
    range: findingRange(f, file),
    severity: f.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: f.ruleId,
    ...(href && { codeDescription: { href } }),
    source: 'joinery',
    message: f.fix ? `${f.message}\nfix: ${f.fix}` : f.message,
  };
}

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character < b.character);

/** Whether two ranges share a position (touching ends count, so a cursor at a range's edge is in it). */
export const overlaps = (a: Range, b: Range) => !before(a.end, b.start) && !before(b.end, a.start);
