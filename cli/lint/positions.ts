/**
 * Positions finer than a value, for findings: where a link or image inside a text starts.
 * Pointer -> line:column itself is the engine's positionOf.
 */
import { nodeAt, positionAt, type JsonFile, type Position } from '../../engine/node.ts';

/**
 * Position of `needle` inside the source text of the string value at `pointer` (plus `skip`);
 * undefined when it is not found verbatim (escape sequences), so the caller falls back to the value.
 */
export function positionInString(
  file: JsonFile | undefined,
  pointer: string,
  needle: string,
  skip = 0,
): Position | undefined {
  if (!file) return undefined;
  const { node, complete } = nodeAt(file, pointer);
  if (!node || !complete || node.type !== 'string') return undefined;
  const found = file.text.slice(node.offset, node.offset + node.length).indexOf(needle);
  return found < 0 ? undefined : positionAt(file, node.offset + found + skip);
}
