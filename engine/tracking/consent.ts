/**
 * Cookie consent, stored in a cookie named `cookie_consent` kept 180 days by
 * default. Its value is `accepted` (accept all), `rejected` (reject all, or no optional kind
 * chosen in the preferences), or the optional kinds chosen in the preferences joined by `+`
 * (`analytics`, `marketing`, `analytics+marketing`). Necessary cookies need no consent. Any other
 * value counts as no choice, so the banner asks again.
 */
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_DAYS = 180;

export type Consent = 'accepted' | 'rejected';

/** The optional kinds of cookies, in the order the preferences list them. */
export const CONSENT_KINDS = ['analytics', 'marketing'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** What a visitor allows: each optional kind on or off. */
export type ConsentChoice = Record<ConsentKind, boolean>;

/** Every value that records a choice (the banner hides for each). */
export const CONSENT_VALUES: readonly string[] = [
  'accepted',
  'rejected',
  'analytics',
  'marketing',
  'analytics+marketing',
];

/** A cookie value as a choice, or null when it records none. */
function choiceOf(value: string): ConsentChoice | null {
  if (value === 'accepted') return { analytics: true, marketing: true };
  if (!CONSENT_VALUES.includes(value)) return null;
  const kinds = value.split('+');
  return { analytics: kinds.includes('analytics'), marketing: kinds.includes('marketing') };
}

/** The stored choice in a Cookie header / document.cookie string, or null when there is none. */
export function readConsent(cookies: string): ConsentChoice | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== CONSENT_COOKIE) continue;
    return choiceOf(part.slice(eq + 1).trim());
  }
  return null;
}

/** The cookie's attributes after its value (Secure on https pages). */
export function consentCookieAttributes(opts: { days?: number; secure?: boolean } = {}): string {
  const maxAge = Math.round((opts.days ?? CONSENT_MAX_AGE_DAYS) * 24 * 60 * 60);
  return `; Max-Age=${maxAge}; Path=/; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
}

/** The Set-Cookie style string that stores accept all or reject all. */
export function consentCookie(value: Consent, opts: { days?: number; secure?: boolean } = {}): string {
  return `${CONSENT_COOKIE}=${value}${consentCookieAttributes(opts)}`;
}
