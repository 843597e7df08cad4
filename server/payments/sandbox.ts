/**
 * The `sandbox` provider: the shop's client of the offline sandbox gateway
 * (server/sandbox-gateway), as the Stripe provider is of Stripe. It charges a token the browser
 * got from the gateway's script and maps the gateway's answer onto the spec's statuses: response
 * codes 1 approved, 3 declined, 4 held for review; intent requires_action for the card that
 * needs authentication (its next action: the gateway's authentication page).
 */
import { statusFromIntent, statusFromResponseCode } from '../../engine/node.ts';
import { SandboxGatewayError, type SandboxGateway, type SandboxIntent } from '../sandbox-gateway/gateway.ts';
import { TOKENIZER_URL } from '../sandbox-gateway/index.ts';
import type { ChargeResult, PaymentProvider, ProviderDescriptor } from './provider.ts';

export const SANDBOX_GATEWAY = 'sandbox';

const INTENT_OF: Record<SandboxIntent['status'], string> = {
  succeeded: 'succeeded',
  requires_action: 'requires_action',
  canceled: 'canceled',
  declined: 'canceled',
  held_for_review: 'processing',
};

export function resultOf(i: SandboxIntent): ChargeResult {
  const intentStatus = INTENT_OF[i.status];
  return {
    status: i.responseCode ? statusFromResponseCode(i.responseCode) : statusFromIntent(intentStatus),
    ...(i.status === 'requires_action'
      ? { next: 'authenticate' as const }
      : i.status === 'held_for_review'
        ? { next: 'review' as const }
        : {}),
    transactionId: i.id,
    ...(i.responseCode ? { responseCode: i.responseCode } : {}),
    intentStatus,
    message: i.message,
    card: i.card,
    amountCents: i.amountCents,
    metadata: i.metadata,
    ...(i.clientSecret ? { clientSecret: i.clientSecret } : {}),
    ...(i.nextActionUrl ? { nextAction: { type: 'redirect_to_url' as const, url: i.nextActionUrl } } : {}),
  };
}

export function sandboxProvider(gateway: SandboxGateway): PaymentProvider {
  return {
    gateway: SANDBOX_GATEWAY,
    local: true,
    publicConfig: { tokenizerUrl: TOKENIZER_URL },
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
  create: (_config, deps) => sandboxProvider(deps.sandbox),
};
