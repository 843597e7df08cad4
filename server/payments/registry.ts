/**
 * The providers `joinery start` offers: the offline sandbox. The card provider and the
 * direct-entry gateway plug in here with their secret keys from the environment; until then
 * their methods answer "Payment method not available".
 */
import type { Clock } from '../clock.ts';
import type { PaymentProviders } from './provider.ts';
import { sandboxProvider, SANDBOX_GATEWAY } from './sandbox.ts';

export function defaultPaymentProviders(clock: Clock): PaymentProviders {
  return { [SANDBOX_GATEWAY]: sandboxProvider(clock) };
}
