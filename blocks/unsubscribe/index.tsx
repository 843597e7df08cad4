import { useState } from 'react';
import { defineBlock, useRouteParam } from '../../engine/index.ts';
import type { UnsubscribeProps } from '../../schemas/types/blocks/unsubscribe.ts';
import { toggleSubscription } from './toggle.ts';
import styles from './unsubscribe.module.css';

/**
 * The newsletter toggle: the button alternates its unsubscribe and subscribe texts with an alert
 * each time. Unlike the original it calls the server with the token from the URL,
 * so the stored subscription changes; the text only switches when the server agreed. Subscribing
 * again only mails a new confirmation link (status 'pending'): the button stays until it is opened.
 */
function Unsubscribe({
  tokenParam,
  unsubscribeText,
  subscribeText,
  unsubscribeSuccess,
  unsubscribeFailure,
  subscribeSuccess,
  subscribeFailure,
  endpoint,
}: UnsubscribeProps) {
  const token = useRouteParam(tokenParam);
  const [subscribed, setSubscribed] = useState(true);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  const onClick = async () => {
    const action = subscribed ? 'unsubscribe' : 'subscribe';
    setBusy(true);
    const result = await toggleSubscription(endpoint, action, token);
    const message = result.ok
      ? action === 'unsubscribe'
        ? unsubscribeSuccess
        : subscribeSuccess
      : action === 'unsubscribe'
        ? unsubscribeFailure
        : subscribeFailure;
    if (result.ok) setSubscribed(result.status ? result.status === 'subscribed' : !subscribed);
    setBusy(false);
    setStatus(message);
    window.alert(message);
  };

  return (
    <div className={styles.unsubscribe}>
      <button type="button" className={styles.button} onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
        {subscribed ? unsubscribeText : subscribeText}
      </button>
      <p role="status" className={styles.status}>
        {status}
      </p>
    </div>
  );
}

export default defineBlock({
  type: 'unsubscribe',
  component: Unsubscribe,
  island: { start: 'interaction', code: 'component' },
  description: 'Newsletter unsubscribe and subscribe toggle for the link in newsletter e-mails.',
});
