import { useId } from 'react';
import { defineBlock } from '../../engine/define-block.ts';
import { CONSENT_COOKIE, consentCookie } from '../../engine/tracking/consent.ts';
import type { CookieBannerProps } from '../../schemas/types/blocks/cookie-banner.ts';
import styles from './cookie-banner.module.css';

/**
 * Cookie consent, the tag manager and call-to-action tracking, for every page of a layout: a
 * framework-free island (client.ts), started when the browser is idle.
 *
 * - The bar is prerendered hidden; the page's inline notice script shows it as the page first
 *   paints when no `cookie_consent` cookie exists, and the boot script (engine/client/boot.ts)
 *   answers its buttons: Accept All / Reject All store the choice (180 days by default) and hide
 *   the bar (data-jv-set-cookie), Manage Preferences alerts (data-jv-alert). It is fixed at the
 *   bottom, so nothing on the page moves; while it shows, the page gets bottom padding and
 *   scroll padding of its height, so it never hides the focused element. It is a labelled
 *   region, not a modal: focus is never trapped.
 * - The tag manager script loads only with consent `accepted`, on routes whose tagManager flag
 *   is on (page data head.tagManager), with the container id of site.json: at once for a
 *   returning visitor, right after Accept All for a new one (client.ts).
 * - Clicks on links to the tracked paths push a `cta_click` event to window.dataLayer whatever
 *   the consent: the data layer stays in the page unless the tag manager is loaded.
 */
function CookieBanner({
  title,
  text,
  policy,
  acceptLabel,
  rejectLabel,
  manageLabel,
  manageMessage,
  maxAgeDays,
}: CookieBannerProps) {
  const titleId = useId();
  const storing = (value: 'accepted' | 'rejected') => consentCookie(value, { days: maxAgeDays });
  return (
    <section
      className={styles.banner}
      aria-labelledby={titleId}
      hidden
      data-jv-unless-cookie={`${CONSENT_COOKIE}=accepted ${CONSENT_COOKIE}=rejected`}
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
          <button
            type="button"
            className={`${styles.button} ${styles.primary}`}
            data-jv-set-cookie={storing('accepted')}
          >
            {acceptLabel}
          </button>
          <button type="button" className={styles.button} data-jv-set-cookie={storing('rejected')}>
            {rejectLabel}
          </button>
          <button type="button" className={`${styles.button} ${styles.plain}`} data-jv-alert={manageMessage}>
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
