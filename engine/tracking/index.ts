/** Consent, the tag manager and the data layer (browser only: call from effects and handlers). */
export {
  CONSENT_COOKIE,
  CONSENT_KINDS,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_VALUES,
  consentCookie,
  consentCookieAttributes,
  readConsent,
} from './consent.ts';
export { dataLayer, pushEvent } from './data-layer.ts';
