/**
 * The chosen payment method's gateway on the page (the checkout and the quote payment page): its
 * code and script start loading as soon as the method is chosen.
 */
import { useEffect } from 'react';
import { PAYMENT_MESSAGES } from '../../commerce/messages.ts';
import type { PaymentMethodInfo } from '../checkout-client.ts';
import { HOSTED_PREFIX } from './gateway.ts';
import { gatewayEntry, loadGateway } from './registry.ts';

export interface PaymentGateway {
  method: PaymentMethodInfo | undefined;
  /** The shop's direct-entry card fields are shown (the gateway's script takes them and hands back a token). */
  withCard: boolean;
  /** The provider's own hosted fields are shown. */
  hosted: boolean;
  /** The hosted fields' errors before they are mounted. */
  notReady: () => Record<string, string>;
}

export function usePaymentGateway(methods: readonly PaymentMethodInfo[], paymentMethod: string): PaymentGateway {
  const method = methods.find((m) => m.name === paymentMethod);
  const entry = gatewayEntry(method);
  useEffect(() => {
    if (!method) return;
    void loadGateway(method)
      ?.then((g) => g.preload(method))
      .catch(() => undefined);
  }, [method]);
  const notReady = () => ({ [`${HOSTED_PREFIX}cardNumber`]: entry?.notReady ?? PAYMENT_MESSAGES.notAvailable });
  return { method, withCard: !!entry && !entry.hosted, hosted: !!entry?.hosted, notReady };
}
