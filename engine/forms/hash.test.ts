import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formHash as browserFingerprint } from './hash-browser.ts';
import { formHash } from './hash-node.ts';
import { canonicalJson } from './hash.ts';

const nodeSha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('formHash', () => {
  const def = { name: 'contact', fields: [{ name: 'email', type: 'email', required: true }] };

  it('ignores key order and $schema, and is the sha-256 of the canonical JSON', () => {
    const reordered = {
      fields: [{ required: true, type: 'email', name: 'email' }],
      name: 'contact',
      $schema: '../x.json',
    };
    expect(formHash(reordered)).toBe(formHash(def));
    expect(canonicalJson(reordered)).toBe(
      '{"fields":[{"name":"email","required":true,"type":"email"}],"name":"contact"}',
    );
    expect(formHash(def)).toBe(nodeSha(canonicalJson(def)));
    expect(formHash(def)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes when the definition changes', () => {
    expect(formHash({ ...def, fields: [{ name: 'email', type: 'email' }] })).not.toBe(formHash(def));
  });

  it("the browser's fallback fingerprint (no build hash, `joinery dev`) also changes exactly with the definition", () => {
    expect(browserFingerprint({ $schema: 'x', ...def })).toBe(browserFingerprint(def));
    expect(browserFingerprint({ ...def, name: 'other' })).not.toBe(browserFingerprint(def));
  });
});
