/**
 * Which table entry applies to an address: ZIP by priority exact, then
 * range, then wildcard; then state (exact before wildcard); then country (exact before
 * wildcard). Shipping and tax tables share this; ties go to the entry listed first.
 */
export interface LocationEntry {
  country: string;
  states: readonly string[];
  zipCodes: readonly string[];
}

export interface Location {
  countryId: string;
  state: string;
  zipCode: string;
}

const WILDCARD = '*';

/** 3 exact, 2 range, 1 wildcard, 0 no match. A 9-digit ZIP (ZIP+4) matches by its first 5 digits. */
export function zipScore(patterns: readonly string[], zip: string): number {
  const keys = zip.length === 9 ? [zip, zip.slice(0, 5)] : [zip];
  let best = 0;
  for (const p of patterns) {
    if (p === WILDCARD) best = Math.max(best, 1);
    else if (p.includes('-')) {
      const [from, to] = p.split('-') as [string, string];
      // Codes compare as numbers when they have the length of the range's bounds (01001 < 02791).
      if (
        keys.some(
          (k) =>
            k.length === from.length && k.length === to.length && Number(k) >= Number(from) && Number(k) <= Number(to),
        )
      )
        best = Math.max(best, 2);
    } else if (keys.includes(p)) return 3;
  }
  return best;
}

const codeScore = (patterns: readonly string[], code: string) =>
  patterns.includes(code) ? 2 : patterns.includes(WILDCARD) ? 1 : 0;

/** [zip, state, country] scores, or undefined when the entry does not match at all. */
function matchScore(entry: LocationEntry, at: Location): [number, number, number] | undefined {
  const country = entry.country === at.countryId ? 2 : entry.country === WILDCARD ? 1 : 0;
  const state = codeScore(entry.states, at.state);
  const zip = zipScore(entry.zipCodes, at.zipCode);
  return country && state && zip ? [zip, state, country] : undefined;
}

/** The entry that applies to the address, or undefined. */
export function bestMatch<T extends LocationEntry>(entries: readonly T[], at: Location): T | undefined {
  let best: T | undefined;
  let bestScore: [number, number, number] | undefined;
  for (const entry of entries) {
    const s = matchScore(entry, at);
    if (!s) continue;
    if (
      !bestScore ||
      s[0] > bestScore[0] ||
      (s[0] === bestScore[0] && (s[1] > bestScore[1] || (s[1] === bestScore[1] && s[2] > bestScore[2])))
    ) {
      best = entry;
      bestScore = s;
    }
  }
  return best;
}
