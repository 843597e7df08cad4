/** Consent, the tag manager and the data layer (browser only: call from effects and handlers). */
export {
  CONSENT_COOKIE,
  CONSENT_EVENT,
  CONSENT_MAX_AGE_DAYS,
  consentCookie,
  readConsent,
  storeConsent,
  type Consent,
} from './consent.ts';
export { TRACKING_IDENTITY, dataLayer, pushEvent, type DataLayerEntry } from './data-layer.ts';
export { TAG_MANAGER_ORIGIN, loadTagManager, tagManagerUrl } from './tag-manager.ts';
export { CTA_EVENT, ctaTarget, installCtaTracking } from './cta-clicks.ts';
