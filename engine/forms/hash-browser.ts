/**
 * Browser: the form block's props carry the SHA-256 the build computed (definitionHash), and
 * compileForm uses it. Only without one (`joinery dev` runs no build resolvers) is this called;
 * the canonical JSON itself is then the fingerprint: it changes exactly when the definition does.
 */
import { canonicalJson } from './hash.ts';

export function formHash(def: unknown): string {
  return canonicalJson(def);
}
