import { useId } from 'react';
import {
  defineBlock,
  CONSENT_COOKIE,
  CONSENT_KINDS,
  CONSENT_VALUES,
  consentCookie,
  consentCookieAttributes,
} from '../../engine/index.ts';
import type { CookieBannerProps } from '../../schemas/types/blocks/cookie-banner.ts';
import styles from './cookie-banner.module.css';

/**
 * Cookie consent, the tag manager and call-to-action tracking, for every page of a layout: a
 * framework-free island (client.ts) started when the browser is idle, before any UI library.
 *
 * - The bar is prerendered hidden; the page's inline notice script shows it as the page first
 *   paints when no `cookie_consent` cookie exists, and its client.ts answers its buttons (a
 *   click before that code runs is made again once it does, engine/client/entry.tsx): Accept
 *   All / Reject All store the choice (180 days by default) and hide the bar
 *   (data-jv-set-cookie); Manage Preferences opens the preferences dialog (data-jv-show-modal): a
 *   native modal <dialog> (labelled by its heading; Escape and Cancel close it, focus returns to
 *   the button), necessary cookies always on, analytics and marketing off until ticked; Save
 *   stores the ticked kinds (data-jv-cookie-form) and hides the bar. It is fixed at the
 *   bottom, so nothing on the page moves; while it shows, the page gets bottom padding and
 *   scroll padding of its height, so it never hides the focused element. It is a labelled
 *   region, not a modal: focus is never trapped.
 * - The tag manager script loads only with analytics allowed, on routes whose tagManager flag
 *   is on (page data head.tagManager), with the container id of site.json: at once for a
 *   returning visitor, right after Accept All for a new one (client.ts).
 * - Clicks on links to the tracked paths push a `cta_click` event to window.dataLayer whatever
 *   the consent: the data layer stays in the page unless the tag manager is loaded.
 */
/** The preferences dialog's id: a link to `#cookie-preferences` (the footer's) opens it too. */
const PREFERENCES_ID = 'cookie-preferences';

function CookieBanner({
  title,
  text,
  policy,
  acceptLabel,
  rejectLabel,
  manageLabel,
  preferences,
  maxAgeDays,
}: CookieBannerProps) {
  const titleId = useId();
  const storing = (value: 'accepted' | 'rejected') => consentCookie(value, { days: maxAgeDays });
  return (
    <>
      <section
        className={styles.banner}
        aria-labelledby={titleId}
        hidden
        data-jv-unless-cookie={CONSENT_VALUES.map((v) => `${CONSENT_COOKIE}=${v}`).join(' ')}
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
            <button
              type="button"
              className={`${styles.button} ${styles.plain}`}
              aria-haspopup="dialog"
              data-jv-show-modal={PREFERENCES_ID}
            >
              {manageLabel}
            </button>
          </div>
        </div>
      </section>
      <PreferencesDialog
        id={PREFERENCES_ID}
        texts={preferences}
        cookie={`${CONSENT_COOKIE}={}${consentCookieAttributes({ days: maxAgeDays })}`}
      />
    </>
  );
}

/** The preferences: a modal dialog whose form client.ts stores (no code of its own). */
function PreferencesDialog({
  id,
  texts,
  cookie,
}: {
  id: string;
  texts: CookieBannerProps['preferences'];
  cookie: string;
}) {
  const headingId = `${id}-title`;
  const cancelId = `${id}-cancel`;
  const kind = (name: 'necessary' | (typeof CONSENT_KINDS)[number]) => (
    <li key={name} className={styles.kind}>
      <input
        type="checkbox"
        id={`${id}-${name}`}
        value={name}
        aria-describedby={`${id}-${name}-text`}
        {...(name === 'necessary' ? { defaultChecked: true, disabled: true } : {})}
      />
      <label htmlFor={`${id}-${name}`} className={styles.kindLabel}>
        {texts[name].label}
      </label>
      <p id={`${id}-${name}-text`} className={styles.kindText}>
        {texts[name].text}
      </p>
    </li>
  );
  return (
    <dialog id={id} className={styles.dialog} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {texts.title}
      </h2>
      <p className={styles.text}>{texts.text}</p>
      <form method="dialog" data-jv-cookie-form={cookie} data-jv-cookie-none="rejected">
        <ul className={styles.kinds}>{(['necessary', ...CONSENT_KINDS] as const).map(kind)}</ul>
        <div className={styles.actions}>
          <button type="submit" className={`${styles.button} ${styles.primary}`}>
            {texts.saveLabel}
          </button>
          <button type="submit" form={cancelId} className={styles.button}>
            {texts.cancelLabel}
          </button>
        </div>
      </form>
      <form id={cancelId} method="dialog" />
    </dialog>
  );
}

export default defineBlock({
  type: 'cookie-banner',
  component: CookieBanner,
  island: { start: 'idle', code: 'client' },
  // On every page a first visitor opens: it stays small (gzip kB).
  budget: { js: 3, css: 1 },
  description: 'Cookie consent bar; loads the tag manager after Accept All; tracks call-to-action clicks.',
});
