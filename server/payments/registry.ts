/**
 * The providers `joinery start` offers, chosen by configuration: the offline sandbox gateway
 * always, Stripe when its keys are set. A method whose provider is missing is not offered.
 */
import type { PaymentProviders } from './provider.ts';
import { sandboxProvider, SANDBOX_GATEWAY } from './sandbox.ts';
import type { SandboxGateway } from '../sandbox-gateway/gateway.ts';

export function defaultPaymentProviders(o: { sandbox: SandboxGateway }): PaymentProviders {
  return { [SANDBOX_GATEWAY]: sandboxProvider(o.sandbox) };
}
