import { describe, expect, it } from 'vitest';
import { parseJsonFile, positionOf } from './json-file.ts';

describe('parseJsonFile', () => {
  it('maps a JSON Pointer to the line and column of its value or key', () => {
    const text = '{\n  "blocks": [\n    { "type": "heading", "props": { "title": "Hi" } }\n  ]\n}\n';
    const f = parseJsonFile('pages/x.json', '/x', text);
    expect(f.syntaxErrors).toEqual([]);
    expect(positionOf(f, '/blocks/0/type')).toEqual({ line: 3, column: 15 });
    expect(positionOf(f, '/blocks/0/props/title', { key: true })).toEqual({ line: 3, column: 37 });
    // Past what exists: the deepest existing ancestor.
    expect(positionOf(f, '/blocks/0/props/missing')).toEqual({ line: 3, column: 35 });
  });

  it('reports a syntax error with its line, column and the parser message', () => {
    const f = parseJsonFile('pages/x.json', '/x', '{\n  "a": 1\n  "b": 2\n}');
    expect(f.value).toBeUndefined();
    expect(f.syntaxErrors[0]).toEqual({ line: 3, column: 3, message: 'Comma expected' });
  });

  it('treats numeric-looking object keys as keys', () => {
    const f = parseJsonFile('d.json', '/d', '{"rates":{"200":{"x":1}}}');
    expect(positionOf(f, '/rates/200/x')).toEqual({ line: 1, column: 22 });
  });
});
