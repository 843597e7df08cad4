/**
 * The sandbox banner: no real payment is taken, and the sandbox gateway's test cards with what
 * each does (server/sandbox-gateway/gateway.ts holds the same cards).
 */
import { TEST_MODE_MESSAGES } from '../commerce/messages.ts';
import type { PaymentMethodInfo } from './checkout-client.ts';
import styles from './checkout.module.css';

/** The sandbox gateway's test cards, as the shopper types them, and what each does. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', result: 'approved' },
  { number: '4000 0000 0000 0002', result: 'declined' },
  { number: '4000 0000 0000 9995', result: 'held for review: the order is placed and waits' },
  {
    number: '4000 0025 0000 3155',
    result: "asks for authentication on the gateway's page (approve or decline it there)",
  },
] as const;

export function TestModeNotice({ methods }: { methods: readonly PaymentMethodInfo[] }) {
  const sandbox = methods.filter((m) => m.testMode).map((m) => m.title);
  return (
    <div className={styles.testMode}>
      <p>{TEST_MODE_MESSAGES.notice}</p>
      {sandbox.length > 0 && (
        <>
          <p className={styles.testCardsIntro}>
            Test cards for {sandbox.join(', ')} (any future expiry date, any CVV):
          </p>
          <ul className={styles.testCards}>
            {SANDBOX_TEST_CARDS.map((c) => (
              <li key={c.number}>
                <code>{c.number}</code> {c.result}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
