import { describe, expect, it } from 'vitest';
import { hashIdempotencyKey, newOrderToken, openTokenBox, requestHash, tokenMatches } from './order-token.ts';

describe('order tokens', () => {
  it('are 256 random bits, checked against their hash only', () => {
    const a = newOrderToken('key-0123456789abcdef');
    const b = newOrderToken('key-0123456789abcdef');
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).not.toContain(a.token);
    expect(tokenMatches(a.token, a.tokenHash)).toBe(true);
    expect(tokenMatches(b.token, a.tokenHash)).toBe(false);
    expect(tokenMatches(undefined, a.tokenHash)).toBe(false);
    expect(tokenMatches('', a.tokenHash)).toBe(false);
  });

  it('open from their box only with the idempotency key they were sealed with', () => {
    const t = newOrderToken('3b241101-e2bb-4255-8caf-4136c566a962');
    expect(openTokenBox(t.tokenBox, '3b241101-e2bb-4255-8caf-4136c566a962')).toBe(t.token);
    expect(openTokenBox(t.tokenBox, '3b241101-e2bb-4255-8caf-4136c566a963')).toBeUndefined();
    expect(openTokenBox('garbage', 'k')).toBeUndefined();
    expect(t.tokenBox).not.toContain(t.token);
  });

  it('hash idempotency keys and requests stably', () => {
    expect(hashIdempotencyKey('k1')).toBe(hashIdempotencyKey('k1'));
    expect(hashIdempotencyKey('k1')).not.toBe(hashIdempotencyKey('k2'));
    expect(requestHash({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(requestHash({ a: [{ x: 1, y: 2 }], b: 1 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
  });
});
