/**
 * The `sandbox` provider: the shop's client of the offline sandbox gateway
 * (server/sandbox-gateway), as the Stripe provider is of Stripe. It charges a token the browser
 * got from the gateway's script and maps the gateway's states onto our payment statuses:
 * succeeded completed, declined and canceled failed, held_for_review on hold for review,
 * requires_action on hold for the card holder's authentication (its next action: the
 * gateway's authentication page).
 */
import type { PaymentStatus } from '../../engine/node.ts';
import {
  SandboxGatewayError,
  sandboxGateway,
  type SandboxGateway,
  type SandboxIntent,
} from '../sandbox-gateway/gateway.ts';
import { SANDBOX_GATEWAY_PATH, sandboxGatewayRoutes, TOKENIZER_URL } from '../sandbox-gateway/index.ts';
import type { ChargeResult, PaymentProvider, ProviderDescriptor } from './provider.ts';

export const SANDBOX_GATEWAY = 'sandbox';

const STATUS_OF: Record<SandboxIntent['status'], PaymentStatus> = {
  succeeded: 'completed',
  requires_action: 'on_hold',
  canceled: 'failed',
  declined: 'failed',
  held_for_review: 'on_hold',
};

function resultOf(i: SandboxIntent): ChargeResult {
  return {
    status: STATUS_OF[i.status],
    ...(i.status === 'requires_action'
      ? { next: 'authenticate' as const }
      : i.status === 'held_for_review'
        ? { next: 'review' as const }
        : {}),
    transactionId: i.id,
    details: { sandboxStatus: i.status, ...(i.responseCode ? { responseCode: i.responseCode } : {}) },
    message: i.message,
    card: i.card,
    amountCents: i.amountCents,
    metadata: i.metadata,
    handoff: {
      ...(i.clientSecret ? { secret: i.clientSecret } : {}),
      ...(i.nextActionUrl ? { nextAction: { type: 'redirect_to_url' as const, url: i.nextActionUrl } } : {}),
    },
  };
}

export function sandboxProvider(gateway: SandboxGateway): PaymentProvider {
  return {
    gateway: SANDBOX_GATEWAY,
    local: true,
    publicConfig: { tokenizerUrl: TOKENIZER_URL },
    pages: { path: SANDBOX_GATEWAY_PATH, routes: sandboxGatewayRoutes(gateway) },
    // The gateway tells the shop when an authentication decided a payment, as a provider's webhook would.
    onChange: (listener) => gateway.onUpdate((intent) => listener(resultOf(intent)).then(() => undefined)),
    async charge(r) {
      try {
        const intent = await gateway.charge({
          token: r.token,
          amountCents: r.amountCents,
          currency: r.currency,
          idempotencyKey: r.idempotencyKey,
          // A path: the gateway runs beside the shop, so the card holder comes back to the host they paid on.
          returnUrl: (({ pathname, search }) => pathname + search)(new URL(r.returnUrl, 'http://sandbox.invalid')),
          metadata: r.metadata ?? {
            orderId: String(r.orderId),
            orderIncrementId: r.orderIncrementId,
            paymentId: String(r.paymentId),
          },
        });
        return resultOf(intent);
      } catch (e) {
        if (e instanceof SandboxGatewayError) return { status: 'failed', transactionId: null, message: e.message };
        throw e;
      }
    },
    async cancel(transactionId) {
      await gateway.cancel(transactionId);
    },
    async retrieve(transactionId) {
      return resultOf(await gateway.retrieve(transactionId));
    },
    // The gateway keeps each charge under our idempotency key.
    async find(attempt) {
      const intent = await gateway.findByKey(attempt.idempotencyKey);
      return intent ? resultOf(intent) : undefined;
    },
  };
}

/** Always configured: it needs no configuration and reaches nothing outside the shop. */
export const sandboxDescriptor: ProviderDescriptor<true> = {
  gateway: SANDBOX_GATEWAY,
  testOnly: true,
  fromEnv: () => true,
  create: (_config, deps) => sandboxProvider(deps.sandbox ?? sandboxGateway(deps.db, deps.clock)),
};
