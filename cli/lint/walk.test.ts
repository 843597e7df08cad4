import { describe, expect, it } from 'vitest';
import { parseJsonFile } from '../../engine/lint.ts';
import { forEachObjectIn, forEachString, forEachStringIn } from './walk.ts';

const file = parseJsonFile(
  'data/x.json',
  '/site/data/x.json',
  JSON.stringify({ title: 'A', 'a/b~c': [{ src: '/images/x.webp', n: 1 }, ['deep']], list: ['one', null] }),
);

describe('one walk per file', () => {
  it('visits every object, parents first, with its JSON Pointer (keys escaped)', () => {
    const seen: [unknown, string][] = [];
    forEachObjectIn(file, (o, pointer) => seen.push([o.src ?? Object.keys(o).length, pointer()]));
    expect(seen).toEqual([
      [3, ''],
      ['/images/x.webp', '/a~1b~0c/0'],
    ]);
  });

  it('visits the strings as forEachString does: value, nearest key and pointer', () => {
    const walked = (each: (visit: Parameters<typeof forEachString>[2]) => void) => {
      const out: [string, string | undefined, string][] = [];
      each((s, key, pointer) => out.push([s, key, pointer()]));
      return out;
    };
    const shared = walked((v) => forEachStringIn(file, v));
    expect(shared).toEqual(walked((v) => forEachString(file.value, '', v)));
    expect(shared).toEqual([
      ['A', 'title', '/title'],
      ['/images/x.webp', 'src', '/a~1b~0c/0/src'],
      ['deep', 'a/b~c', '/a~1b~0c/1/0'],
      ['one', 'list', '/list/0'],
    ]);
  });
});
