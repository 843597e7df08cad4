/**
 * Test mode: a payment method the server offers whose gateway takes no real money (the offline
 * sandbox). The payment-methods API marks it, the checkout shows a notice, the order e-mails say
 * so, `joinery start` prints it, and a production start refuses it unless the operator allows it.
 */
import { type PaymentMethod, TEST_MODE_MESSAGES } from '../../engine/node.ts';
import { SANDBOX_GATEWAY } from '../payments/sandbox.ts';
import type { PaymentScope } from './context.ts';

/** Gateways that never take a real payment. */
const TEST_GATEWAYS: ReadonlySet<string> = new Set([SANDBOX_GATEWAY]);

export const isTestGateway = (gateway: string): boolean => TEST_GATEWAYS.has(gateway);

/**
 * The methods a server with providers for these gateways offers (enabled, in a scope, a provider for the
 * gateway: the rule of CommerceContext.paymentMethod) whose gateway is a test one.
 */
export function liveTestMethods(methods: readonly PaymentMethod[], gateways: ReadonlySet<string>): PaymentMethod[] {
  const scopes: readonly PaymentScope[] = ['sample-order', 'convert-to-order'];
  return methods.filter(
    (m) =>
      m.enabled &&
      isTestGateway(m.gateway) &&
      gateways.has(m.gateway) &&
      (!m.scopes || m.scopes.some((s) => scopes.includes(s as PaymentScope))),
  );
}

export const ALLOW_SANDBOX_ENV = 'JOINERY_ALLOW_SANDBOX';

/**
 * What `joinery start` does about test mode: nothing without a live test method; else print the
 * notice, or refuse to start when NODE_ENV=production was asked for and the operator did not
 * allow the sandbox (JOINERY_ALLOW_SANDBOX=1): a live shop must not take orders it is never paid for.
 */
export function testModeAtStart(o: {
  methods: readonly string[];
  nodeEnv: string | undefined;
  allowSandbox: string | undefined;
}): { refuse: boolean; message: string } | undefined {
  if (!o.methods.length) return undefined;
  const which = `payment method${o.methods.length > 1 ? 's' : ''} ${o.methods.map((m) => `"${m}"`).join(', ')}`;
  if (o.nodeEnv === 'production' && o.allowSandbox !== '1')
    return {
      refuse: true,
      message: `joinery start: NODE_ENV=production with the sandbox gateway live (${which}): no real payment would be taken. Configure a real gateway or disable the method in payment-methods.json; set ${ALLOW_SANDBOX_ENV}=1 to start in test mode anyway.`,
    };
  return { refuse: false, message: `${TEST_MODE_MESSAGES.notice} (sandbox gateway: ${which}).` };
}
