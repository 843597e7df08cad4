/**
 * The sandbox banner: no real payment is taken, and the sandbox gateway's test cards with what
 * each does (server/sandbox-gateway/gateway.ts holds the same cards).
 */
import { TEST_MODE_MESSAGES } from '../commerce/messages.ts';
import type { PaymentMethodInfo } from './checkout-client.ts';
import styles from './checkout.module.css';
import { SANDBOX_TEST_CARDS } from './test-cards.ts';

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
