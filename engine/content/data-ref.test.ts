import { describe, expect, it } from 'vitest';
import { baseSite, memorySite } from '../testing/memory-site.ts';
import { DataRefError, findDataRefs, resolveDataRefs, resolveDataRefsToRead } from './data-ref.ts';

const site = memorySite({
  ...baseSite,
  'catalogs/styles.json': { styles: [{ name: 'Shaker White', finish: { $data: 'data/finishes.json#/white' } }] },
  'data/finishes.json': { white: { label: 'Alabaster', hex: '#f4f1ea' }, 'a/b': 1 },
});

describe('data references', () => {
  it('resolves nested references deeply, including references inside targets', () => {
    const props = { title: 'x', style: { $data: 'catalogs/styles.json#/styles/0' } };
    expect(resolveDataRefs(props, { site })).toEqual({
      title: 'x',
      style: { name: 'Shaker White', finish: { label: 'Alabaster', hex: '#f4f1ea' } },
    });
  });

  it('to read: the same values, copying only what leads to a reference and keeping what holds none', () => {
    const plain = { heading: { title: 'x' }, tags: ['a', 'b'] };
    const props = { ...plain, list: [{ n: 1 }, { $data: 'data/finishes.json#/white' }] };
    const read = resolveDataRefsToRead(props, { site });
    expect(read).toEqual(resolveDataRefs(props, { site }));
    expect(read.heading).toBe(plain.heading);
    expect(read.tags).toBe(plain.tags);
    expect(read.list[0]).toBe(props.list[0]);
    expect(props.list[1]).toEqual({ $data: 'data/finishes.json#/white' }); // the content is left as it was
    expect(resolveDataRefsToRead(plain, { site })).toBe(plain);
    // A "__proto__" key is dropped by either, as a copy always did.
    const proto = JSON.parse('{"__proto__": {"x": 1}, "y": 2}');
    expect(Object.keys(resolveDataRefsToRead(proto, { site }))).toEqual(Object.keys(resolveDataRefs(proto, { site })));
  });

  it('unescapes ~1 in pointers and resolves item-relative references', () => {
    expect(resolveDataRefs({ v: { $data: 'data/finishes.json#/a~1b' } }, { site })).toEqual({ v: 1 });
    expect(resolveDataRefs({ t: { $data: '#/title' } }, { site, item: { title: 'Vanities' } })).toEqual({
      t: 'Vanities',
    });
  });

  it('fails with a clear message for a missing file or pointer', () => {
    expect(() => resolveDataRefs({ $data: 'data/nope.json#/x' }, { site })).toThrow(
      'file "data/nope.json" does not exist',
    );
    expect(() => resolveDataRefs({ $data: 'data/finishes.json#/black' }, { site })).toThrow(DataRefError);
  });

  it('lists references with their pointers', () => {
    expect(findDataRefs({ a: [{ b: { $data: 'x.json#/y' } }] }, '/props')).toEqual([
      { ref: 'x.json#/y', pointer: '/props/a/0/b' },
    ]);
  });
});
