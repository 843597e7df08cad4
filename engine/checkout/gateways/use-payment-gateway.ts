/**
 * What a chosen payment method needs on the page (the checkout and the quote payment page): its
 * gateway's script starts loading as soon as the method is chosen.
 */
import { useEffect } from 'react';
import type { PaymentMethodInfo } from '../checkout-client.ts';
import { acceptJsConfig, preloadAcceptJs, type AcceptConfig } from './accept-js.ts';
import { preloadTokenizer } from './tokenizer.ts';

const STRIPE_GATEWAY = 'stripe';

export interface PaymentGateway {
  method: PaymentMethodInfo | undefined;
  /** The sandbox gateway's script, which turns the card into a token. */
  tokenizerUrl: string | undefined;
  /** Authorize.Net: the same direct-entry fields, handed to Accept.js. */
  acceptJs: AcceptConfig | undefined;
  /** Direct-entry card fields are shown (a gateway script takes them and hands back a token). */
  withCard: boolean;
  /** Stripe: its hosted fields with this publishable key. */
  stripeKey: string | undefined;
}

export function usePaymentGateway(methods: readonly PaymentMethodInfo[], paymentMethod: string): PaymentGateway {
  const method = methods.find((m) => m.name === paymentMethod);
  const tokenizerUrl = method?.config?.tokenizerUrl;
  const acceptJs = acceptJsConfig(method);
  const stripeKey = method?.gateway === STRIPE_GATEWAY ? method.config?.publishableKey : undefined;
  useEffect(() => {
    if (tokenizerUrl) void preloadTokenizer(tokenizerUrl);
  }, [tokenizerUrl]);
  const acceptJsUrl = acceptJs?.acceptJsUrl;
  useEffect(() => {
    if (acceptJsUrl) void preloadAcceptJs(acceptJsUrl);
  }, [acceptJsUrl]);
  return { method, tokenizerUrl, acceptJs, withCard: !!tokenizerUrl || !!acceptJs, stripeKey };
}
