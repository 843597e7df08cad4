/**
 * The quote of the link and the convert-to-order payment methods, fetched once the page runs in
 * the browser (the prerendered page has no query, so it shows the loading view).
 */
import { useEffect, useRef, useState } from 'react';
import {
  callApi,
  defaultPaymentMethod,
  enabledMethods,
  QUOTE_ERROR_TYPES,
  type PaymentMethodInfo,
} from '../../engine/index.ts';
import type { QuoteView } from '../../engine/index.ts';

type View =
  | { status: 'loading' }
  | { status: 'expired' }
  | { status: 'notFound' }
  | { status: 'ready'; quote: QuoteView };

export interface QuoteMethods {
  list: PaymentMethodInfo[];
  testMode: boolean;
}

/** quoteId and token of the link. */
function linkOf(search: string) {
  const q = new URLSearchParams(search);
  return { quoteId: q.get('quoteId') ?? '', token: q.get('token') ?? '' };
}

export function useQuote() {
  const link = useRef({ quoteId: '', token: '' });
  const [view, setView] = useState<View>({ status: 'loading' });
  const [methods, setMethods] = useState<QuoteMethods | null>(null);
  const [methodName, setMethodName] = useState('');
  useEffect(() => {
    let live = true;
    link.current = linkOf(window.location.search);
    const { quoteId, token } = link.current;
    if (!/^\d+$/.test(quoteId) || !token) {
      setView({ status: 'notFound' });
      return;
    }
    void callApi<{ quote?: QuoteView; errorType?: string }>(
      `/api/quote?quoteId=${encodeURIComponent(quoteId)}&token=${encodeURIComponent(token)}`,
      'GET',
    ).then((r) => {
      if (!live) return;
      if (r.status === 200 && r.body.quote) setView({ status: 'ready', quote: r.body.quote });
      else setView({ status: r.body.errorType === QUOTE_ERROR_TYPES.expired ? 'expired' : 'notFound' });
    });
    void callApi<{ paymentMethods?: unknown; testMode?: boolean }>(
      '/api/payment-methods?scope=convert-to-order',
      'GET',
    ).then((r) => {
      if (!live) return;
      const list = r.status === 200 ? enabledMethods(r.body.paymentMethods) : [];
      setMethods({ list, testMode: list.length > 0 && r.body.testMode === true });
      setMethodName((m) => m || defaultPaymentMethod(list)?.name || '');
    });
    return () => {
      live = false;
    };
  }, []);
  return { link, view, methods, methodName, setMethodName };
}
