import { describe, expect, it } from 'vitest';
import { schemaDefaults, withDefaults } from './defaults.ts';

const schema = {
  type: 'object',
  properties: {
    title: { type: 'string', default: 'Hello' },
    level: { type: 'integer', default: 2 },
    slider: {
      type: 'object',
      default: {},
      properties: { speed: { type: 'number', default: 500 }, arrows: { type: 'boolean', default: true } },
    },
    cart: { type: 'object', properties: { text: { type: 'string', default: 'Cart' } } },
    groups: { type: 'array', items: { $ref: '#/$defs/group' } },
    paths: { type: 'array', default: ['/a'] },
    note: { type: 'string' },
  },
  $defs: {
    group: { type: 'object', properties: { showKeys: { type: 'boolean', default: true } } },
  },
};

describe('schema defaults', () => {
  const d = schemaDefaults(schema);

  it('fill in what the props leave out, nested objects and array items included', () => {
    expect(withDefaults({ groups: [{}, { showKeys: false }] }, d)).toEqual({
      title: 'Hello',
      level: 2,
      slider: { speed: 500, arrows: true },
      groups: [{ showKeys: true }, { showKeys: false }],
      paths: ['/a'],
    });
  });

  it('keep what the props say, null included', () => {
    const props = { title: 'Mine', level: 3, slider: { speed: 300 }, paths: [], note: null };
    expect(withDefaults(props, d)).toEqual({ ...props, slider: { speed: 300, arrows: true } });
  });

  it("apply a nested object's defaults only where the object is", () => {
    expect(withDefaults({}, d)).not.toHaveProperty('cart');
    expect(withDefaults({ cart: {} }, d)).toMatchObject({ cart: { text: 'Cart' } });
  });

  it('never change the props given, nor share a default between pages', () => {
    const props: Record<string, unknown> = { groups: [{}] };
    const a = withDefaults(props, d) as { paths: string[] };
    expect(props).toEqual({ groups: [{}] });
    a.paths.push('/b');
    expect((withDefaults({}, d) as { paths: string[] }).paths).toEqual(['/a']);
  });

  it('return the props themselves when nothing is missing, and none for a schema without defaults', () => {
    const full = withDefaults({}, d);
    expect(withDefaults(full, d)).toBe(full);
    expect(schemaDefaults({ type: 'object', properties: { a: { type: 'string' } } })).toBeUndefined();
  });
});
