import { useEffect, useRef, useState } from 'react';
import { defineBlock, useRouteParam } from '../../engine/index.ts';
import type { NewsletterConfirmProps } from '../../schemas/types/blocks/newsletter-confirm.ts';
import { confirmSubscription, type ConfirmOutcome } from './confirm.ts';
import styles from './newsletter-confirm.module.css';

/**
 * The page the double opt-in e-mail links to (/newsletter/confirm/:confirmToken). Opening the
 * page posts the token from the URL to the server once and shows the answer. The confirmation
 * happens here rather than on a GET of the link itself, so mail scanners that fetch links do not
 * confirm anyone.
 */
function NewsletterConfirm({
  tokenParam,
  pendingText,
  confirmedText,
  alreadyText,
  invalidText,
  errorText,
  endpoint,
}: NewsletterConfirmProps) {
  const token = useRouteParam(tokenParam);
  const [outcome, setOutcome] = useState<ConfirmOutcome | undefined>();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return; // once per page view (development mode runs effects twice)
    sent.current = true;
    void confirmSubscription(endpoint, token).then(setOutcome);
  }, [endpoint, token]);

  const texts: Record<ConfirmOutcome, string> = {
    confirmed: confirmedText,
    already: alreadyText,
    invalid: invalidText,
    error: errorText,
  };
  const failed = outcome === 'invalid' || outcome === 'error';
  return (
    <div className={styles.newsletterConfirm} aria-busy={outcome ? undefined : true}>
      <p
        role={failed ? 'alert' : 'status'}
        className={failed ? styles.failure : styles.message}
        data-outcome={outcome ?? 'pending'}
      >
        {outcome ? texts[outcome] : pendingText}
      </p>
    </div>
  );
}

export default defineBlock({
  type: 'newsletter-confirm',
  component: NewsletterConfirm,
  island: { start: 'load', code: 'component' },
  description: 'Confirms a newsletter signup (double opt-in) with the token of the link and shows the outcome.',
});
