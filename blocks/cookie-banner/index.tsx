import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { defineBlock } from '../../engine/define-block.ts';
import { usePageData } from '../../engine/render/context.ts';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, consentCookie, readConsent, storeConsent, type Consent } from '../../engine/tracking/consent.ts';
import { installCtaTracking } from '../../engine/tracking/cta-clicks.ts';
import { loadTagManager } from '../../engine/tracking/tag-manager.ts';
import type { CookieBannerProps } from '../../schemas/types/blocks/cookie-banner.ts';
import styles from './cookie-banner.module.css';

const DEFAULT_CTA_PATHS = ['/free-kitchen-design', '/order-samples', '/book-appointment'];
const DEFAULT_MANAGE_MESSAGE = "Cookie preferences are not available yet. Choose Accept All or Reject All; you can change your choice by clearing this site's cookies.";

// Before the browser paints; on the server (no layout) a plain effect, which never runs there.
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Cookie consent, the tag manager and call-to-action tracking, for every page of a layout. An
 * island started when the browser is idle.
 *
 * - The bar is prerendered hidden; the page's inline notice script shows it as the page first
 *   paints when no `cookie_consent` cookie exists, and until the block hydrates the boot script
 *   (engine/client/boot.ts) answers the buttons itself: Accept All / Reject All store the choice
 *   and hide the bar (data-jv-set-cookie), Manage Preferences alerts (data-jv-alert). It is fixed
 *   at the bottom, so nothing on the page moves; while it shows, the page gets bottom padding and
 *   scroll padding of its height, so it never hides the focused element. It is a labelled
 *   region, not a modal: focus is never trapped.
 * - Accept All / Reject All store the choice (180 days by default) and hide the bar; Manage
 *   Preferences only alerts (as the spec says).
 * - The tag manager script loads only with consent `accepted`, on routes whose tagManager flag
 *   is on (page data head.tagManager, which islands get too), with the container id of site.json.
 * - Clicks on links to the tracked paths push a `cta_click` event to window.dataLayer whatever
 *   the consent: the data layer stays in the page unless the tag manager is loaded.
 */
function CookieBanner({
  title = 'We value your privacy',
  text,
  policy,
  acceptLabel = 'Accept All',
  rejectLabel = 'Reject All',
  manageLabel = 'Manage Preferences',
  manageMessage = DEFAULT_MANAGE_MESSAGE,
  maxAgeDays = CONSENT_MAX_AGE_DAYS,
  trackClicksTo = DEFAULT_CTA_PATHS,
}: CookieBannerProps) {
  const page = usePageData();
  const containerId = page.site.integrations.tagManagerId;
  const tagManagerOn = page.head.tagManager;
  /** undefined until read in the browser; null: no choice yet. */
  const [consent, setConsent] = useState<Consent | null | undefined>(undefined);
  const bar = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => setConsent(readConsent(document.cookie)), []);

  const paths = trackClicksTo.join(' ');
  useEffect(() => installCtaTracking(paths.split(' ').filter(Boolean)), [paths]);

  useEffect(() => {
    if (consent === 'accepted' && tagManagerOn && containerId) loadTagManager(containerId);
  }, [consent, tagManagerOn, containerId]);

  useBeforePaint(() => {
    const el = bar.current;
    if (consent !== null || !el) return;
    const root = document.documentElement;
    const fit = () => {
      const h = `${el.offsetHeight}px`;
      document.body.style.paddingBottom = h;
      root.style.scrollPaddingBottom = h;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
      root.style.scrollPaddingBottom = '';
    };
  }, [consent]);

  if (consent) return null;
  const choose = (value: Consent) => {
    storeConsent(value, maxAgeDays);
    setConsent(value);
  };
  // Before the cookie is read (prerender, hydration): hidden, as the boot script left it or shows
  // it, which hydration keeps (suppressHydrationWarning); once read, the block owns it (data-jv-live).
  const read = consent === null;
  const storing = (value: Consent) => consentCookie(value, { days: maxAgeDays });
  return (
    <section
      ref={bar}
      className={styles.banner}
      aria-labelledby={titleId}
      hidden={!read}
      data-jv-unless-cookie={`${CONSENT_COOKIE}=accepted ${CONSENT_COOKIE}=rejected`}
      data-jv-live={read ? '' : undefined}
      suppressHydrationWarning
    >
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <p className={styles.text}>
            {text}
            {policy && (
              <>
                {' '}
                <a href={policy.url} className={styles.link}>
                  {policy.label}
                </a>
              </>
            )}
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className={`${styles.button} ${styles.primary}`} data-jv-set-cookie={storing('accepted')} onClick={() => choose('accepted')}>
            {acceptLabel}
          </button>
          <button type="button" className={styles.button} data-jv-set-cookie={storing('rejected')} onClick={() => choose('rejected')}>
            {rejectLabel}
          </button>
          <button type="button" className={`${styles.button} ${styles.plain}`} data-jv-alert={manageMessage} onClick={() => window.alert(manageMessage)}>
            {manageLabel}
          </button>
        </div>
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'cookie-banner',
  component: CookieBanner,
  island: 'idle',
  description: 'Cookie consent bar; loads the tag manager after Accept All; tracks call-to-action clicks.',
});
