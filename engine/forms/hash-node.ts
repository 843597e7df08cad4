/** Node: the SHA-256 hex of a form definition's canonical JSON (see hash.ts). */
import { createHash } from 'node:crypto';
import { canonicalJson } from './hash.ts';

export function formHash(def: unknown): string {
  return createHash('sha256').update(canonicalJson(def), 'utf8').digest('hex');
}
