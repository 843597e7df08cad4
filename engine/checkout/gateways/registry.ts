/**
 * The browser gateways by the payment method's `gateway` id. Each gateway's code is its own chunk,
 * loaded when its method is chosen (Stripe.js only when Stripe is shown); `needs` are the public
 * config values without which the method cannot take a card here.
 */
import { lazy, type ComponentType } from 'react';
import { PAYMENT_MESSAGES } from '../../commerce/messages.ts';
import type { PaymentMethodInfo } from '../checkout-client.ts';
import type { BrowserGateway, HostedFieldsProps } from './gateway.ts';

interface GatewayEntry {
  /** The provider mounts its own fields; else the shop's direct-entry card fields are shown. */
  hosted: boolean;
  needs: readonly string[];
  /** The form's message while the hosted fields are not mounted yet. */
  notReady?: string;
  load: () => Promise<{ default: BrowserGateway }>;
}

const GATEWAYS: Readonly<Record<string, GatewayEntry>> = {
  sandbox: { hosted: false, needs: ['tokenizerUrl'], load: () => import('./tokenizer.ts') },
  'authorize-net': { hosted: false, needs: ['acceptJsUrl', 'clientKey'], load: () => import('./accept-js.ts') },
  stripe: {
    hosted: true,
    needs: ['publishableKey'],
    notReady: PAYMENT_MESSAGES.stripeNotReady,
    load: () => import('./stripe.tsx'),
  },
  tillpay: { hosted: true, needs: ['publishableKey', 'scriptUrl'], load: () => import('./tillpay.tsx') },
};

/** The method's gateway, when the page has one for it and the method's config has what it needs. */
export function gatewayEntry(method: PaymentMethodInfo | undefined): GatewayEntry | undefined {
  const entry = method ? GATEWAYS[method.gateway] : undefined;
  return entry?.needs.every((k) => method?.config?.[k]) ? entry : undefined;
}

const loaded = new Map<string, Promise<BrowserGateway>>();
/** The method's gateway code (once per page). */
export function loadGateway(method: PaymentMethodInfo): Promise<BrowserGateway> | undefined {
  const entry = gatewayEntry(method);
  if (!entry) return undefined;
  let p = loaded.get(method.gateway);
  if (!p) {
    p = entry.load().then((m) => m.default);
    p.catch(() => loaded.delete(method.gateway));
    loaded.set(method.gateway, p);
  }
  return p;
}

const hosted = new Map<string, ComponentType<HostedFieldsProps>>();
/** The method's hosted fields, a lazy component (render inside Suspense). */
export function hostedFields(method: PaymentMethodInfo): ComponentType<HostedFieldsProps> | undefined {
  if (!gatewayEntry(method)?.hosted) return undefined;
  let c = hosted.get(method.gateway);
  if (!c) {
    const load = loadGateway(method)!;
    c = lazy(() => load.then((g) => ({ default: g.Fields! })));
    hosted.set(method.gateway, c);
  }
  return c;
}
