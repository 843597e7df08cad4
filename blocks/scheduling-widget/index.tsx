import { useEffect, useState } from 'react';
import { defineBlock, loadScript, readConsent, useSite, sectionStyles } from '../../engine/index.ts';
import type { SchedulingWidgetProps } from '../../schemas/types/blocks/scheduling-widget.ts';
import styles from './scheduling-widget.module.css';

/**
 * A third-party booking calendar (Calendly-style inline widget: the script fills the element
 * carrying `data-url`). The script loads only after hydration so it never delays the page; the
 * container keeps its 700 px height from the start (no layout shift) and a loader shows for
 * 1200 ms. The widget sets cookies of its own: it loads only with marketing cookies allowed
 * (cookie_consent), else a button loads it for this page at the visitor's word. A plain link to
 * the booking page is always there for anyone the widget fails.
 */
function SchedulingWidget({
  title,
  text,
  url,
  scriptUrl,
  height,
  loaderMs,
  fallbackLabel,
  failedText,
  consentText,
  consentLabel,
}: SchedulingWidgetProps) {
  const site = useSite();
  const src = scriptUrl ?? site.integrations.schedulingWidgetUrl;
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  // null until read in the browser (the prerendered page shows the loader).
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => setAllowed(readConsent(document.cookie)?.marketing ?? false), []);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    if (src) loadScript(src).catch(() => live && setFailed(true));
    const t = window.setTimeout(() => setLoading(false), loaderMs);
    return () => {
      live = false;
      window.clearTimeout(t);
    };
  }, [src, loaderMs, allowed]);
  return (
    <section className={sectionStyles.section}>
      {title && <h2 className={styles.title}>{title}</h2>}
      {text && <p className={styles.text}>{text}</p>}
      <div className={styles.frame} style={{ height }}>
        <div className={`calendly-inline-widget ${styles.widget}`} data-url={url} style={{ height }} />
        {failed && !loading && (
          <p className={styles.loader} role="alert">
            {failedText}
          </p>
        )}
        {allowed === false && (
          <div className={styles.loader}>
            <p className={styles.consent}>{consentText}</p>
            <button type="button" className={styles.show} onClick={() => setAllowed(true)}>
              {consentLabel}
            </button>
          </div>
        )}
        {allowed !== false && loading && (
          <div className={styles.loader} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            Loading the calendar…
          </div>
        )}
      </div>
      <p className={styles.fallback}>
        Calendar not showing?{' '}
        <a href={url} target="_blank" rel="noopener">
          {fallbackLabel}
          <span className="jv-sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}

export default defineBlock({
  type: 'scheduling-widget',
  component: SchedulingWidget,
  island: { start: 'visible', code: 'component' },
  description: 'Third-party booking calendar, loaded after hydration.',
});
