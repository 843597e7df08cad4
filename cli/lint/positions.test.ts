import { describe, expect, it } from 'vitest';
import { parseJsonFile } from '../../engine/node.ts';
import { positionInString } from './positions.ts';

const text =
  '{\n  "blocks": [\n    { "type": "heading", "props": { "title": "See [us](/about)", "a/b": { "x~y": 1 } } }\n  ],\n  "n": null\n}\n';
const file = parseJsonFile('pages/x.json', '/x', text);

describe('positions', () => {
  it('finds a link inside a string, and gives up on what is not there', () => {
    expect(positionInString(file, '/blocks/0/props/title', '](/about)', 2)).toEqual({ line: 3, column: 56 });
    expect(positionInString(file, '/blocks/0/props/title', '/nowhere')).toBeUndefined();
    expect(positionInString(file, '/blocks/0/props/nope', '/about')).toBeUndefined();
  });
});
