/**
 * The page a card provider's authentication returns to (/payment/{method}/verify and
 * /payment/verify/{method}): verifies the payment with the server, then goes to the success page
 * with the order number stored, or to /payment/fail on any error.
 */
import { useEffect, useRef, useState } from 'react';
import { PAYMENT_MESSAGES, currentShop, defineBlock, pushEvent, sampleCart, usePagePath } from '../../engine/index.ts';
import type { PaymentVerifyProps } from '../../schemas/types/blocks/payment-verify.ts';
import {
  PAYMENT_ERROR_KEY,
  callApi,
  readPendingOrder,
  storeOrderNumber,
  storePendingOrder,
  storeReceipt,
} from '../../engine/index.ts';
import styles from './payment-verify.module.css';

/** The method from either path form; null when the path is neither. */
export function methodFromPath(path: string): string | null {
  const m = /^\/payment\/(?:verify\/([^/]+)|([^/]+)\/verify)\/?$/.exec(path);
  const raw = m?.[1] ?? m?.[2];
  return raw ? decodeURIComponent(raw) : null;
}

/** The intent id and client secret, under the provider's names or the camel-case ones. */
export function intentFromQuery(search: string): { paymentIntentId: string; paymentIntentClientSecret: string } | null {
  const q = new URLSearchParams(search);
  const paymentIntentId = q.get('payment_intent') ?? q.get('paymentIntentId') ?? q.get('paymentIntent') ?? '';
  const paymentIntentClientSecret = q.get('payment_intent_client_secret') ?? q.get('paymentIntentClientSecret') ?? '';
  return paymentIntentId && paymentIntentClientSecret ? { paymentIntentId, paymentIntentClientSecret } : null;
}

/**
 * The verify call's body: `paymentIntentId` and `paymentIntentClientSecret` when the provider returned them, and the whole
 * query string (a provider with return parameters of its own reads its references there);
 * null when the page came back with nothing.
 */
export function verifyRequest(search: string): Record<string, unknown> | null {
  const query = Object.fromEntries(new URLSearchParams(search));
  if (!Object.keys(query).length) return null;
  return { ...intentFromQuery(search), query };
}

interface VerifyBody {
  success?: boolean;
  error?: string;
  status?: string;
  metadata?: { orderId?: number; orderIncrementId?: string };
}

function PaymentVerify({ text, successUrl, failUrl }: PaymentVerifyProps) {
  const pathname = usePagePath();
  const started = useRef(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      try {
        sessionStorage.setItem(PAYMENT_ERROR_KEY, message);
      } catch {
        /* ignore */
      }
      setDone(true);
      window.location.replace(failUrl);
    };
    const method = methodFromPath(pathname);
    const body = verifyRequest(window.location.search);
    if (!method || !body) return fail(PAYMENT_MESSAGES.processingError);
    void callApi<VerifyBody>(`/api/payment/${encodeURIComponent(method)}/verify`, 'POST', body).then((r) => {
      const b = r.body;
      const number = b.metadata?.orderIncrementId;
      if (r.status !== 200 || !b.success || b.error || !number)
        return fail(b.error || b.message || PAYMENT_MESSAGES.failed);
      storeOrderNumber(number);
      const pending = readPendingOrder();
      if (pending && pending.id === b.metadata?.orderId) storeReceipt({ order: pending });
      storePendingOrder(null);
      pushEvent('purchase', { ecommerce: { transaction_id: number, currency: currentShop().currency.code } });
      sampleCart().clear();
      setDone(true);
      window.location.replace(successUrl);
    });
  }, [pathname, successUrl, failUrl]);

  return (
    <div className={styles.section}>
      <p role="status" aria-busy={!done}>
        {text}
      </p>
    </div>
  );
}

export default defineBlock({
  type: 'payment-verify',
  component: PaymentVerify,
  island: { start: 'load', code: 'component' },
  description: 'Verifies a returning card payment, then goes to the success or the failure page.',
});
