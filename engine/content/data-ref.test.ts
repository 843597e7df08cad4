import { describe, expect, it } from 'vitest';
import { baseSite, memorySite } from '../testing/memory-site.ts';
import { DataRefError, findDataRefs, resolveDataRefs } from './data-ref.ts';

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
