import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_MAX_AGE_DAYS, consentCookie, dataLayer, pushEvent, readConsent } from './index.ts';

describe('consent cookie', () => {
  it('reads the stored choice and ignores other cookies and values', () => {
    expect(readConsent('')).toBeNull();
    expect(readConsent('a=1; cookie_consent=accepted; b=2')).toEqual({ analytics: true, marketing: true });
    expect(readConsent('cookie_consent=rejected')).toEqual({ analytics: false, marketing: false });
    expect(readConsent('cookie_consent=analytics')).toEqual({ analytics: true, marketing: false });
    expect(readConsent('cookie_consent=marketing')).toEqual({ analytics: false, marketing: true });
    expect(readConsent('cookie_consent=analytics+marketing')).toEqual({ analytics: true, marketing: true });
    expect(readConsent('cookie_consent=maybe')).toBeNull();
    expect(readConsent('cookie_consent=marketing+analytics')).toBeNull();
    expect(readConsent('xcookie_consent=accepted')).toBeNull();
  });

  it('is kept 180 days for the whole site', () => {
    expect(CONSENT_MAX_AGE_DAYS).toBe(180);
    expect(consentCookie('accepted')).toBe('cookie_consent=accepted; Max-Age=15552000; Path=/; SameSite=Lax');
    expect(consentCookie('rejected', { days: 1, secure: true })).toBe(
      'cookie_consent=rejected; Max-Age=86400; Path=/; SameSite=Lax; Secure',
    );
  });
});

describe('data layer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pushes events with the guest identity, which data cannot override', () => {
    vi.stubGlobal('window', {});
    const entry = pushEvent('cta_click', { cta_path: '/order-samples', login_status: 'Member' });
    expect(entry).toEqual({
      event: 'cta_click',
      cta_path: '/order-samples',
      user_id: '',
      login_status: 'Guest',
      customer_type: 'General',
    });
    expect(dataLayer()).toEqual([entry]);
  });
});
