/**
 * The Tillpay gateway (a test-only provider): its hosted fields script (the method's
 * `config.scriptUrl`) renders the card inputs in a box of ours, `fields.tokenize()` gives back a
 * token or an error message; the page sends only the token to the shop's pay route, which answers
 * paid, held for review, or a challenge page to go to.
 */
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import { PAYMENT_MESSAGES } from '../../commerce/messages.ts';
import { loadScript } from '../../ui/load-script.ts';
import styles from '../checkout.module.css';
import { HOSTED_PREFIX, type BrowserGateway, type HostedFieldsProps, type HostedHandle } from './gateway.ts';

interface TillpayFields {
  tokenize(): Promise<{ token?: string; error?: { message?: string } }>;
  destroy(): void;
}
declare global {
  interface Window {
    Tillpay?: (publishableKey: string) => { fields(container: HTMLElement): TillpayFields };
  }
}

interface TillpayHandle extends HostedHandle {
  tokenize(): Promise<{ token: string } | { error: string }>;
}

const FIELDS_KEY = `${HOSTED_PREFIX}fields`;

function TillpayCard({ method, errors, handle }: HostedFieldsProps) {
  const url = method.config?.scriptUrl ?? '';
  const key = method.config?.publishableKey ?? '';
  const box = useRef<HTMLDivElement>(null);
  const fields = useRef<TillpayFields | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    loadScript(url)
      .then(() => {
        if (!live || !box.current) return;
        const tp = window.Tillpay?.(key);
        if (!tp) return setState('failed');
        fields.current = tp.fields(box.current);
        setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      fields.current?.destroy();
      fields.current = null;
    };
  }, [url, key]);

  useImperativeHandle(
    handle as React.Ref<TillpayHandle | null>,
    (): TillpayHandle => ({
      validate: (): Record<string, string> => (fields.current ? {} : { [FIELDS_KEY]: PAYMENT_MESSAGES.notAvailable }),
      focus: () => box.current?.querySelector('input')?.focus(),
      async tokenize() {
        if (!fields.current) return { error: PAYMENT_MESSAGES.notAvailable };
        const r = await fields.current.tokenize();
        return r.token ? { token: r.token } : { error: r.error?.message || PAYMENT_MESSAGES.error };
      },
    }),
    [],
  );

  const error = errors[FIELDS_KEY];
  return (
    <div className={styles.grid}>
      {state === 'failed' && (
        <p className={styles.alert} role="alert">
          {PAYMENT_MESSAGES.notAvailable}
        </p>
      )}
      <div ref={box} className={styles.field} aria-busy={state === 'loading' || undefined} data-tillpay-fields="" />
      {error && <p className={styles.fieldError}>{error}</p>}
    </div>
  );
}

const tillpay: BrowserGateway = {
  preload: (m) => void loadScript(m.config?.scriptUrl ?? '').catch(() => undefined),
  Fields: TillpayCard,
  async tokenize(req) {
    const fields = req.hosted as TillpayHandle | null;
    return fields ? fields.tokenize() : { error: PAYMENT_MESSAGES.notAvailable };
  },
};
export default tillpay;
