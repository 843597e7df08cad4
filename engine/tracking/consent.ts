/**
 * Cookie consent, stored as the spec names it: a cookie `cookie_consent` kept 180 days by
 * default. Values are `accepted` (accept all) and `rejected` (reject all); any other value
 * counts as no choice, so the banner asks again.
 */
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_DAYS = 180;

export type Consent = 'accepted' | 'rejected';

/** The stored choice in a Cookie header / document.cookie string, or null when there is none. */
export function readConsent(cookies: string): Consent | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== CONSENT_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return value === 'accepted' || value === 'rejected' ? value : null;
  }
  return null;
}

/** The Set-Cookie style string that stores a choice (Secure on https pages). */
export function consentCookie(value: Consent, opts: { days?: number; secure?: boolean } = {}): string {
  const maxAge = Math.round((opts.days ?? CONSENT_MAX_AGE_DAYS) * 24 * 60 * 60);
  return `${CONSENT_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
}
