/**
 * The `sandbox` provider: offline, the default. It takes the card as the direct-entry gateway
 * does, and its test cards behave like the card provider's:
 *
 * | card                | result                                                        |
 * |---------------------|---------------------------------------------------------------|
 * | 4242 4242 4242 4242 | approved: response code 1, completed                          |
 * | 5555 5555 5555 4444, 3782 822463 10005, 6011 1111 1111 1117 | approved (Mastercard, Amex, Discover) |
 * | 4000 0000 0000 0002 | declined: 3, failed, "Your card was declined."                 |
 * | 4000 0000 0000 9995 | held for review: 4, on_hold                                   |
 * | 4000 0025 0000 3155 | needs authentication: intent requires_action (on_hold); the card holder approves or declines on the sandbox authentication page |
 * | 4000 0000 0000 0069 | declined, expired card                                        |
 * | 4000 0000 0000 0127 | declined, incorrect CVC                                       |
 *
 * Any other number is declined (a sandbox never takes a real card), as is a card whose expiry
 * month has passed. Ids are random: charges `sandbox_ch_...`, intents `sandbox_pi_...` (128 bits).
 */
import { randomBytes } from 'node:crypto';
import { statusFromIntent, statusFromResponseCode } from '../../engine/commerce/payment-status.ts';
import { systemClock, type Clock } from '../clock.ts';
import { storableCard } from './card-brand.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './provider.ts';

export const SANDBOX_GATEWAY = 'sandbox';

export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  heldForReview: '4000000000009995',
  authenticationRequired: '4000002500003155',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
} as const;

const APPROVED = new Set([SANDBOX_CARDS.approved, '5555555555554444', '378282246310005', '6011111111111117']);

export const SANDBOX_MESSAGES = {
  approved: 'This transaction has been approved.',
  declined: 'Your card was declined.',
  heldForReview: 'This transaction is being held for review.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  notATestCard: 'Your card was declined. The sandbox takes only its test cards.',
  authenticationRequired: 'Additional authentication required',
  authenticationFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

const id = (prefix: string, bytes: number) => `${prefix}${randomBytes(bytes).toString('hex')}`;

function direct(code: 1 | 2 | 3 | 4, message: string, request: ChargeRequest): ChargeResult {
  return { status: statusFromResponseCode(code), responseCode: code, transactionId: id('sandbox_ch_', 12), message, card: storableCard(request.card.number) };
}

export function sandboxProvider(clock: Clock = systemClock): PaymentProvider {
  return {
    gateway: SANDBOX_GATEWAY,
    async charge(request) {
      const { number, expMonth, expYear } = request.card;
      const now = clock.now();
      const expired = expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
      if (expired || number === SANDBOX_CARDS.expired) return direct(3, SANDBOX_MESSAGES.expired, request);
      if (APPROVED.has(number)) return direct(1, SANDBOX_MESSAGES.approved, request);
      switch (number) {
        case SANDBOX_CARDS.declined:
          return direct(3, SANDBOX_MESSAGES.declined, request);
        case SANDBOX_CARDS.heldForReview:
          return direct(4, SANDBOX_MESSAGES.heldForReview, request);
        case SANDBOX_CARDS.incorrectCvc:
          return direct(3, SANDBOX_MESSAGES.incorrectCvc, request);
        case SANDBOX_CARDS.authenticationRequired: {
          const intent = id('sandbox_pi_', 16);
          return {
            status: statusFromIntent('requires_action'),
            intentStatus: 'requires_action',
            transactionId: intent,
            clientSecret: `${intent}_secret_${randomBytes(24).toString('base64url')}`,
            message: SANDBOX_MESSAGES.authenticationRequired,
            card: storableCard(number),
          };
        }
        default:
          return direct(3, SANDBOX_MESSAGES.notATestCard, request);
      }
    },
    async completeAuthentication(transactionId, approved) {
      const intentStatus = approved ? 'succeeded' : 'canceled';
      return {
        status: statusFromIntent(intentStatus),
        intentStatus,
        responseCode: approved ? 1 : 3,
        transactionId,
        message: approved ? SANDBOX_MESSAGES.approved : SANDBOX_MESSAGES.authenticationFailed,
      };
    },
  };
}
