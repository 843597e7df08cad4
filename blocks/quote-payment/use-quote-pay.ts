/**
 * The payment form's state: the card, errors by field, the form's error and notice, and Pay Now:
 * the fields are checked first (the first in error takes the focus), then the quote is paid.
 */
import { useRef, useState, type FormEvent } from 'react';
import {
  CARD_ORDER,
  checkoutFieldError as fieldError,
  emptyCheckoutValues as emptyValues,
  PAYMENT_MESSAGES,
  type CardValues,
  type HostedHandle,
  type PaymentGateway,
} from '../../engine/index.ts';
import type { QuoteView } from '../../engine/index.ts';
import { payQuote } from './pay.ts';

type Errors = Record<string, string>;

const without = (errors: Errors, key: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));

function cardErrors(card: CardValues): Errors {
  const values = { ...emptyValues(), card };
  const out: Errors = {};
  for (const k of CARD_ORDER) {
    const m = fieldError(values, `card.${k}`);
    if (m) out[`card.${k}`] = m;
  }
  return out;
}

export function useQuotePay(options: {
  uid: string;
  token: () => string;
  methodName: string;
  gateway: PaymentGateway;
  successUrl: string;
}) {
  const { uid, methodName, gateway } = options;
  const [card, setCard] = useState<CardValues>(emptyValues().card);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  /** A payment held for review: Pay Now stays off (the server would answer with the hold anyway). */
  const [held, setHeld] = useState(false);
  const submitting = useRef(false);
  const hosted = useRef<HostedHandle | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);

  const fail = (message: string, fieldErrors?: Errors) => {
    setNotice('');
    setFormError(message);
    if (fieldErrors && Object.keys(fieldErrors).length) setErrors(fieldErrors);
    requestAnimationFrame(() => formErrorRef.current?.focus());
  };

  /** The fields' errors, shown; the first takes the focus. */
  const check = (): boolean => {
    const errs = !methodName
      ? { paymentMethod: PAYMENT_MESSAGES.notAvailable }
      : gateway.withCard
        ? cardErrors(card)
        : gateway.hosted
          ? (hosted.current?.validate() ?? gateway.notReady())
          : {};
    setErrors(errs);
    if (!Object.keys(errs).length) return true;
    const first = CARD_ORDER.find((k) => errs[`card.${k}`]);
    if (first) document.getElementById(`${uid}-card-${first}`)?.focus();
    else if (hosted.current) hosted.current.focus(Object.keys(errs)[0]!);
    return false;
  };

  async function submit(e: FormEvent, quote: QuoteView) {
    e.preventDefault();
    if (submitting.current || held) return;
    setFormError('');
    setNotice('');
    if (!check()) return;
    submitting.current = true;
    setBusy(true);
    try {
      const { successUrl } = options;
      const ctx = { quote, token: options.token(), gateway, card, successUrl };
      const onHold = (message: string) => {
        setNotice(message);
        setHeld(true);
      };
      await payQuote({ ...ctx, hosted: hosted.current, fail, notify: setNotice, held: onHold });
    } catch {
      fail(PAYMENT_MESSAGES.handlingError);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  return {
    card,
    setCardField: (k: keyof CardValues) => (x: string) => {
      setCard((c) => ({ ...c, [k]: x }));
      setErrors((e) => without(e, `card.${k}`));
    },
    errors,
    clearErrors: () => setErrors({}),
    clearError: (key: string) => setErrors((e) => without(e, key)),
    formError,
    formErrorRef,
    notice,
    busy,
    held,
    hosted,
    submit,
  };
}

export type QuotePayState = ReturnType<typeof useQuotePay>;
