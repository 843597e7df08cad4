import { describe, expect, it } from 'vitest';
import { baseSite, memorySite } from '../testing/memory-site.ts';
import { DataRefError, findDataRefs, resolveDataRefs } from './data-ref.ts';
import { queryProblems, runDataQuery } from './data-query.ts';

const styles = [
  { slug: 'aw', title: 'Aspen White', category: 'kitchen', images: [{ src: '/a.svg' }], facets: { color: ['White'] } },
  {
    slug: 'bc',
    title: 'Black Coffee',
    category: 'kitchen',
    images: [{ src: '/b.svg' }],
    facets: { color: ['Black', 'Brown'] },
  },
  { slug: 'vn', title: 'Vanity Navy', category: 'vanity', images: [{ src: '/v.svg' }] },
];
const site = memorySite({ ...baseSite, 'catalogs/styles.json': { styles } });

describe('$query', () => {
  it('filters by equality and projects the fields a block shows', () => {
    const props = {
      items: {
        $query: {
          from: { $data: 'catalogs/styles.json#/styles' },
          where: { category: { $data: '#/slug' } },
          select: { title: 'title', image: 'images.0', colors: 'facets.color' },
        },
      },
    };
    expect(resolveDataRefs(props, { site, item: { slug: 'kitchen' } })).toEqual({
      items: [
        { title: 'Aspen White', image: { src: '/a.svg' }, colors: ['White'] },
        { title: 'Black Coffee', image: { src: '/b.svg' }, colors: ['Black', 'Brown'] },
      ],
    });
  });

  it('matches array fields by membership, a list of values by any, and limits', () => {
    expect(runDataQuery({ from: styles, where: { 'facets.color': 'Brown' }, select: { s: 'slug' } })).toEqual({
      ok: true,
      value: [{ s: 'bc' }],
    });
    expect(runDataQuery({ from: styles, where: { slug: ['aw', 'vn'] }, select: { s: 'slug' } })).toEqual({
      ok: true,
      value: [{ s: 'aw' }, { s: 'vn' }],
    });
    expect(runDataQuery({ from: styles, limit: 1, select: { s: 'slug' } })).toEqual({ ok: true, value: [{ s: 'aw' }] });
    expect(runDataQuery({ from: styles, where: { category: 'nope' } })).toEqual({ ok: true, value: [] });
  });

  it('names what is wrong with a malformed query', () => {
    expect(queryProblems({ from: {}, where: { a: { b: 1 } }, select: { t: 3 }, order: 'x' })).toEqual([
      '"$query" has an unknown key "order" (allowed: from, where, select, limit)',
      '"$query.from" must be a list, found object',
      '"$query.where.a" must be a string, number, boolean or a list of them',
      '"$query.select.t" must be a dotted path such as "images.0"',
    ]);
    expect(() =>
      resolveDataRefs({ x: { $query: { from: { $data: 'catalogs/styles.json#/styles/0' } } } }, { site }),
    ).toThrow(DataRefError);
  });

  it('exposes the references inside a query to the linter', () => {
    const q = { $query: { from: { $data: 'catalogs/styles.json#/styles' }, where: { category: { $data: '#/slug' } } } };
    expect(findDataRefs(q, '/props/items').map((r) => r.pointer)).toEqual([
      '/props/items/$query/from',
      '/props/items/$query/where/category',
    ]);
  });
});
