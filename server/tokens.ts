/**
 * Secret tokens (order and quote links, newsletter links, payment client secrets, sandbox card
 * tokens): 256 random bits, URL-safe; the database keeps only their SHA-256, compared in
 * constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * Hex SHA-256 of a token. A `purpose` separates kinds (`purpose\0token` is hashed), so a hash of
 * one kind never matches a token of another; hashes already stored keep their purpose.
 */
export const hashToken = (token: string, purpose?: string): string =>
  createHash('sha256').update(purpose === undefined ? token : `${purpose}\0${token}`, 'utf8').digest('hex');

/** Two stored hashes (hex) compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
