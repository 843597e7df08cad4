/**
 * The payment providers of the operator run: the sandbox gateway (in the shop's database) and
 * the stand-ins of Authorize.Net, Stripe and Tillpay (server/testing/, on their wire formats),
 * run in this process and configured on every server. A visit pays through one of them, as the
 * checkout page would: the card goes to the provider's own script (here: the token it makes),
 * the token to the provider's pay call. What each stand-in charged is read back beside the
 * sandbox's intents for the money-taken figures.
 */
import {
  ANET_TEST_CARDS,
  type AuthorizeNetStandIn,
  metadataOfDescription,
  opaqueValueFor,
  startAuthorizeNetStandIn,
  startStripeStandIn,
  startTillpayStandIn,
  type StripeStandIn,
  TILLPAY_TEST_CARDS,
  type TillpayStandIn,
  tillpayToken,
} from '../../server/testing/index.ts';
import { onCleanup } from './cluster.ts';

export type Card = 'approved' | 'declined' | 'review';

/** One provider as a visit pays through it. */
export interface ShopProvider {
  gateway: string;
  /** The payment method naming it in the shop's payment-methods.json. */
  method: string;
  /** The token its script makes for a card; undefined: the sandbox's tokenizer, over HTTP to the shop. */
  token?(card: Card): string;
  /** The checkout page's pay call. */
  payPath: string;
  payBody(orderId: number, orderToken: string, paymentToken: string): Record<string, unknown>;
}

const sandbox: ShopProvider = {
  gateway: 'sandbox',
  method: 'card',
  payPath: '/api/order/pay',
  payBody: (id, token, paymentToken) => ({ id, token, paymentToken }),
};
const authorizeNet: ShopProvider = {
  gateway: 'authorize-net',
  method: 'authorize-net',
  token: (card) => opaqueValueFor(ANET_TEST_CARDS[card === 'review' ? 'heldForReview' : card]),
  payPath: '/api/payment/authorize-net/process-transaction',
  payBody: (orderId, token, dataValue) => ({
    orderId,
    token,
    dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
    dataValue,
  }),
};
/** Stripe's test cards have no "held for review": its review visits pay with the approved card. */
const stripe: ShopProvider = {
  gateway: 'stripe',
  method: 'stripe',
  token: (card) => (card === 'declined' ? 'pm_card_chargeDeclined' : 'pm_card_visa'),
  payPath: '/api/payment/stripe/payment-intent',
  payBody: (orderId, token, paymentMethodId) => ({ orderId, token, paymentMethodId }),
};
const tillpay: ShopProvider = {
  gateway: 'tillpay',
  method: 'tillpay',
  token: (card) => tillpayToken(TILLPAY_TEST_CARDS[card]),
  payPath: '/api/order/pay',
  payBody: (id, token, paymentToken) => ({ id, token, paymentMethod: 'tillpay', paymentToken }),
};

export const SHOP_PROVIDERS: readonly ShopProvider[] = [sandbox, authorizeNet, stripe, tillpay];

/** A charge a stand-in made, in the sandbox intents' terms. */
export interface StandInCharge {
  gateway: string;
  succeeded: boolean;
  amountCents: number;
  metadata: Record<string, string>;
}

export interface StandIns {
  /** The environment that configures the servers' providers on the stand-ins. */
  env: Record<string, string>;
  charges(): StandInCharge[];
}

/** Starts the three stand-ins (no webhooks: every test card here settles in the pay call). */
export async function startStandIns(): Promise<StandIns> {
  const [s, a, t]: [StripeStandIn, AuthorizeNetStandIn, TillpayStandIn] = await Promise.all([
    startStripeStandIn({}),
    startAuthorizeNetStandIn(),
    startTillpayStandIn(),
  ]);
  onCleanup('payment stand-ins', () => Promise.all([s.close(), a.close(), t.close()]).then(() => undefined));
  return {
    env: {
      STRIPE_SECRET_KEY: s.secretKey,
      STRIPE_PUBLISHABLE_KEY: s.publishableKey,
      STRIPE_WEBHOOK_SECRET: s.webhookSecret,
      STRIPE_API_URL: s.url,
      ...a.env(),
      ...t.env,
    },
    charges: () => [
      ...[...a.transactions.values()].map((x) => ({
        gateway: 'authorize-net',
        succeeded: x.responseCode === 1,
        amountCents: Math.round(Number(x.amount) * 100),
        metadata: metadataOfDescription(x.description) ?? {},
      })),
      ...[...s.intents.values()].map((x) => ({
        gateway: 'stripe',
        succeeded: x.status === 'succeeded',
        amountCents: x.amount,
        metadata: x.metadata,
      })),
      ...[...t.charges.values()].map((x) => ({
        gateway: 'tillpay',
        succeeded: x.state === 'approved',
        amountCents: x.amount,
        metadata: x.metadata,
      })),
    ],
  };
}
