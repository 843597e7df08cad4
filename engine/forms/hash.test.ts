import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, formHash, sha256Hex } from './hash.ts';

const nodeSha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('matches the FIPS test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('agrees with node:crypto across block boundaries and on non-ASCII text', () => {
    for (const n of [55, 56, 63, 64, 65, 119, 120, 1000]) expect(sha256Hex('x'.repeat(n))).toBe(nodeSha('x'.repeat(n)));
    expect(sha256Hex('Crème brûlée 🍰 — “quotes”')).toBe(nodeSha('Crème brûlée 🍰 — “quotes”'));
  });
});

describe('formHash', () => {
  const def = { name: 'contact', fields: [{ name: 'email', type: 'email', required: true }] };

  it('ignores key order and $schema, and is the sha-256 of the canonical JSON', () => {
    const reordered = { fields: [{ required: true, type: 'email', name: 'email' }], name: 'contact', $schema: '../x.json' };
    expect(formHash(reordered)).toBe(formHash(def));
    expect(canonicalJson(reordered)).toBe('{"fields":[{"name":"email","required":true,"type":"email"}],"name":"contact"}');
    expect(formHash(def)).toBe(nodeSha(canonicalJson(def)));
  });

  it('changes when the definition changes', () => {
    expect(formHash({ ...def, fields: [{ name: 'email', type: 'email' }] })).not.toBe(formHash(def));
  });
});
