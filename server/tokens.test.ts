import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken, randomBuffer, randomText, sameHash, sha256 as sha256Of } from './tokens.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('tokens', () => {
  it('are 256 random bits, URL-safe', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(a);
  });

  it('come from a pool that hands out every byte once, across its refills (1,000 tokens: 32 kB)', () => {
    const tokens = Array.from({ length: 1000 }, () => newToken());
    expect(new Set(tokens).size).toBe(1000);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomText(16, 'hex')).toMatch(/^[0-9a-f]{32}$/);
    const a = randomBuffer(12);
    const copy = Buffer.from(a);
    newToken();
    expect(a).toEqual(copy); // a Buffer of its own: the pool's next use leaves it as it was
    expect(a.equals(randomBuffer(12))).toBe(false);
    expect(() => randomText(0, 'hex')).toThrow(RangeError);
  });

  it('hash as the rows already stored do: plain, or with their purpose in front', () => {
    expect(hashToken('abc')).toBe(sha256('abc'));
    expect(hashToken('abc', 'order-token')).toBe(sha256('order-token\0abc'));
    expect(hashToken('abc', 'order-token')).not.toBe(hashToken('abc', 'sandbox-secret'));
    // The order token box's key (hex and bytes of the UTF-8 text, as createHash made them).
    expect(sha256Of('order-token-box\0Zoë-é', 'hex')).toBe(sha256('order-token-box\0Zoë-é'));
    expect(sha256Of('order-token-box\0Zoë-é', 'buffer')).toEqual(
      createHash('sha256').update('order-token-box\0Zoë-é').digest(),
    );
  });

  it('compare hashes whole', () => {
    expect(sameHash(hashToken('a'), hashToken('a'))).toBe(true);
    expect(sameHash(hashToken('a'), hashToken('b'))).toBe(false);
    expect(sameHash(hashToken('a'), hashToken('a').slice(1))).toBe(false);
  });
});
