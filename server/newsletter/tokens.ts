/** Newsletter tokens (unsubscribe and confirmation links): 256 random bits, URL-safe; only their SHA-256 is stored. */
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
