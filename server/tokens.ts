/**
 * Secret tokens (order and quote links, newsletter links, payment client secrets, sandbox card
 * tokens): 256 random bits, URL-safe; the database keeps only their SHA-256, compared in
 * constant time.
 */
import * as crypto from 'node:crypto';
import { createHash, randomFillSync, timingSafeEqual } from 'node:crypto';

/**
 * Random bytes from a pool that the CSPRNG refills 4 kB at a time, as crypto.randomUUID does:
 * one call into OpenSSL per ~100 tokens instead of one per token (each costs microseconds under
 * load). Every byte is handed out once and wiped from the pool as it goes.
 */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

function takeRandom<T>(bytes: number, read: (start: number, end: number) => T): T {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > POOL_SIZE)
    throw new RangeError(`random bytes: ${bytes} is not 1 to ${POOL_SIZE}`);
  if (poolOffset + bytes > POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const start = poolOffset;
  poolOffset += bytes;
  const value = read(start, poolOffset);
  pool.fill(0, start, poolOffset);
  return value;
}

/** `bytes` random bytes as hex or base64url text. */
export const randomText = (bytes: number, encoding: 'hex' | 'base64url'): string =>
  takeRandom(bytes, (start, end) => pool.toString(encoding, start, end));

/** `bytes` random bytes in a Buffer of their own. */
export const randomBuffer = (bytes: number): Buffer =>
  takeRandom(bytes, (start, end) => Buffer.from(pool.subarray(start, end)));

export const newToken = (): string => randomText(32, 'base64url');

/**
 * Hex SHA-256 of a token. A `purpose` separates kinds (`purpose\0token` is hashed), so a hash of
 * one kind never matches a token of another; hashes already stored keep their purpose.
 */
export const hashToken = (token: string, purpose?: string): string =>
  sha256(purpose === undefined ? token : `${purpose}\0${token}`, 'hex');

/**
 * SHA-256 of a text's UTF-8 in one call: crypto.hash (Node 20.12 and later, not in our
 * @types/node yet) makes no Hash object; createHash where it is missing.
 */
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: string) => unknown }).hash;
export function sha256(text: string, encoding: 'hex'): string;
export function sha256(text: string, encoding: 'buffer'): Buffer;
export function sha256(text: string, encoding: 'hex' | 'buffer'): string | Buffer {
  if (oneShotHash) return oneShotHash('sha256', text, encoding) as string | Buffer;
  const h = createHash('sha256').update(text, 'utf8');
  return encoding === 'hex' ? h.digest('hex') : h.digest();
}

/** Two stored hashes (hex) compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
