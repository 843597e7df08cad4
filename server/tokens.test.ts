import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken, sameHash } from './tokens.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('tokens', () => {
  it('are 256 random bits, URL-safe', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(a);
  });

  it('hash as the rows already stored do: plain, or with their purpose in front', () => {
    expect(hashToken('abc')).toBe(sha256('abc'));
    expect(hashToken('abc', 'order-token')).toBe(sha256('order-token\0abc'));
    expect(hashToken('abc', 'order-token')).not.toBe(hashToken('abc', 'sandbox-secret'));
  });

  it('compare hashes whole', () => {
    expect(sameHash(hashToken('a'), hashToken('a'))).toBe(true);
    expect(sameHash(hashToken('a'), hashToken('b'))).toBe(false);
    expect(sameHash(hashToken('a'), hashToken('a').slice(1))).toBe(false);
  });
});
