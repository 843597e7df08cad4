/** Hover: a block type's description and props, a prop's description, and the docs of the rules reported there. */
import { getLocation, parse } from 'jsonc-parser';
import type { Hover } from 'vscode-languageserver';
import type { Position, TextDocument } from 'vscode-languageserver-textdocument';
import { blockDocMarkdown, blockSchema, propMarkdown, ruleDocMarkdown } from './docs.ts';
import { findingRange, overlaps } from './diagnostics.ts';
import type { Workspace } from './workspace.ts';

function blockHover(text: string, offset: number): string | undefined {
  const loc = getLocation(text, offset);
  const { path, previousNode: node } = loc;
  if (
    (node?.type !== 'string' && node?.type !== 'property') ||
    offset < node.offset ||
    offset > node.offset + node.length
  )
    return undefined;
  if (!loc.isAtPropertyKey && path.at(-1) === 'type' && path.at(-3) === 'blocks')
    return blockDocMarkdown(String(node.value));
  if (path.at(-2) === 'props' && path.at(-4) === 'blocks' && typeof path.at(-1) === 'string') {
    let block: unknown = parse(text, [], { allowTrailingComma: true });
    for (const seg of path.slice(0, -2)) block = (block as Record<string, unknown> | undefined)?.[seg];
    const type = (block as { type?: unknown } | undefined)?.type;
    const schema = typeof type === 'string' ? blockSchema(type) : undefined;
    const name = path.at(-1) as string;
    const prop = schema?.properties?.[name];
    return prop && `**${type}** ${propMarkdown(name, prop, !!schema?.required?.includes(name))}`;
  }
  return undefined;
}

export function hover(ws: Workspace, rel: string, doc: TextDocument, pos: Position): Hover | null {
  const parts: string[] = [];
  const block = blockHover(doc.getText(), doc.offsetAt(pos));
  if (block) parts.push(block);
  const file = ws.last.files.get(rel);
  const here = { start: pos, end: pos };
  const codes = new Set(
    (ws.last.findings.get(rel) ?? []).filter((f) => overlaps(findingRange(f, file), here)).map((f) => f.ruleId),
  );
  for (const code of codes) {
    const md = ruleDocMarkdown(code);
    if (md) parts.push(md);
  }
  return parts.length ? { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') } } : null;
}
