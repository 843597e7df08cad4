/**
 * Positions finer than a value, for findings: where a link or image inside a text starts.
 * Pointer -> line:column itself is the engine's positionOf.
 */
import { nodeAt, positionAt, type JsonFile, type Position } from '../../engine/lint.ts';
import type { SuggestReplace } from './context.ts';

/**
 * Offset in the file's text of `needle` inside the source of the string value at `pointer` (plus
 * `skip`); undefined when it is not written verbatim there (escape sequences).
 */
function offsetInString(file: JsonFile | undefined, pointer: string, needle: string, skip = 0): number | undefined {
  if (!file) return undefined;
  const { node, complete } = nodeAt(file, pointer);
  if (!node || !complete || node.type !== 'string') return undefined;
  const found = file.text.slice(node.offset, node.offset + node.length).indexOf(needle);
  return found < 0 ? undefined : node.offset + found + skip;
}

/** The same as a line:column, so the caller can fall back to the value's own position. */
export function positionInString(
  file: JsonFile | undefined,
  pointer: string,
  needle: string,
  skip = 0,
): Position | undefined {
  const offset = offsetInString(file, pointer, needle, skip);
  return offset === undefined || !file ? undefined : positionAt(file, offset);
}

/**
 * A suggestion written over `old` where it starts in the string value at `pointer` (found through
 * `needle` plus `skip`), as JSON string text.
 */
export function replaceInString(
  file: JsonFile | undefined,
  pointer: string,
  old: string,
  needle = old,
  skip = 0,
): SuggestReplace | undefined {
  const offset = offsetInString(file, pointer, needle, skip);
  if (offset === undefined || !file || file.text.slice(offset, offset + old.length) !== old) return undefined;
  return { offset, length: old.length, content: (name) => JSON.stringify(name).slice(1, -1) };
}
