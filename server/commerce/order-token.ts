/**
 * Order tokens and idempotency keys.
 *
 * - Creating an order returns a token: 256 random bits, base64url. The database keeps its
 *   SHA-256 only; PATCH /api/order and the pay step need the token itself. It expires
 *   TOKEN_TTL_MS after the order was created.
 * - The client sends an idempotency key with POST /api/order (a random UUID per checkout
 *   attempt). The database keeps its SHA-256 (unique: one order per key) and the SHA-256 of the
 *   normalised request.
 * - A replay (same key, same request: a double click, a retry after a lost response) must get
 *   the same order and a token that works, yet the server must not be able to read tokens back
 *   from its database. So the token is also stored sealed with AES-256-GCM under a key derived
 *   from the idempotency key, which the database does not hold: only a caller presenting the
 *   key opens it. Holding the idempotency key is therefore as good as holding the token; the
 *   client keeps both for the checkout's lifetime only. A replay with the same key and a
 *   different request is refused (409).
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { hashToken, newToken, randomBuffer, sameHash, sha256 } from '../tokens.ts';

export const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const hashOrderToken = (token: string) => hashToken(token, 'order-token');
export const hashIdempotencyKey = (key: string) => hashToken(key, 'idempotency-key');

/** SHA-256 of a value's JSON with sorted keys: the same request always hashes the same. */
export function requestHash(value: unknown): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
          )
        : v;
  return hashToken(JSON.stringify(stable(value)));
}

const boxKey = (idempotencyKey: string) => sha256(`order-token-box\0${idempotencyKey}`, 'buffer');

export interface NewToken {
  token: string;
  tokenHash: string;
  /** base64url(iv | tag | ciphertext) */
  tokenBox: string;
}

export function newOrderToken(idempotencyKey: string): NewToken {
  const token = newToken();
  const iv = randomBuffer(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(idempotencyKey), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return {
    token,
    tokenHash: hashOrderToken(token),
    tokenBox: Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url'),
  };
}

/** The token sealed in `box`, when `idempotencyKey` is the one it was sealed with. */
export function openTokenBox(box: string, idempotencyKey: string): string | undefined {
  try {
    const raw = Buffer.from(box, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', boxKey(idempotencyKey), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Constant-time comparison of a presented token with the stored hash. */
export function tokenMatches(token: string | undefined, storedHash: string): boolean {
  if (!token) return false;
  return sameHash(hashOrderToken(token), storedHash);
}
