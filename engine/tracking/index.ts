/** Consent, the tag manager and the data layer (browser only: call from effects and handlers). */
export {
  CONSENT_MAX_AGE_DAYS,
  consentCookie,
  readConsent,
} from './consent.ts';
export { dataLayer, pushEvent } from './data-layer.ts';
