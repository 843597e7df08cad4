/**
 * The quote payment page: /quote/payment?quoteId=&token=.
 * Loading, then the link-expired view, the quote-not-found view, an already-paid quote with its
 * order number, or the quote with the convert-to-order payment methods (the enabled default,
 * else the first) and Pay Now, which reuses the checkout's payment pieces (pay.ts).
 */
import { useId } from 'react';
import { defineBlock, QUOTE_MESSAGES, usePaymentGateway } from '../../engine/index.ts';
import type { QuotePaymentProps } from '../../schemas/types/blocks/quote-payment.ts';
import { PayForm } from './pay-form.tsx';
import { QuoteDetails } from './quote-details.tsx';
import styles from './quote-payment.module.css';
import { useQuote } from './use-quote.ts';
import { useQuotePay } from './use-quote-pay.ts';

function QuotePayment({ title, payNowText, successUrl, homeUrl, contactUrl }: QuotePaymentProps) {
  const uid = useId();
  const { link, view, methods, methodName, setMethodName } = useQuote();
  // As the checkout: the chosen method's gateway (its card fields or its own hosted fields).
  const gateway = usePaymentGateway(methods?.list ?? [], methodName);
  const pay = useQuotePay({ uid, token: () => link.current.token, methodName, gateway, successUrl });

  if (view.status === 'loading')
    return (
      <section className={styles.section} aria-labelledby={`${uid}-title`}>
        <h1 id={`${uid}-title`}>{title}</h1>
        <p role="status" aria-busy="true">
          {QUOTE_MESSAGES.loading}
        </p>
      </section>
    );
  if (view.status !== 'ready')
    return (
      <Unavailable
        uid={uid}
        title={title}
        expired={view.status === 'expired'}
        homeUrl={homeUrl}
        contactUrl={contactUrl}
      />
    );
  const quote = view.quote;
  return (
    <section className={styles.section} aria-labelledby={`${uid}-title`}>
      <h1 id={`${uid}-title`}>
        {title} #{quote.quoteIncrementId}
      </h1>
      <QuoteDetails quote={quote} />
      {quote.status === 'paid' ? (
        <p role="status">
          {QUOTE_MESSAGES.alreadyPaid} Your order number is <strong>#{quote.orderIncrementId}</strong>
        </p>
      ) : (
        <PayForm
          uid={uid}
          quote={quote}
          methods={methods}
          methodName={methodName}
          onMethod={setMethodName}
          gateway={gateway}
          pay={pay}
          payNowText={payNowText}
        />
      )}
    </section>
  );
}

/** The link has expired, or names no quote. */
function Unavailable({
  uid,
  title,
  expired,
  homeUrl,
  contactUrl,
}: {
  uid: string;
  title: string;
  expired: boolean;
  homeUrl: string;
  contactUrl: string;
}) {
  return (
    <section className={styles.section} aria-labelledby={`${uid}-title`}>
      <h1 id={`${uid}-title`}>{title}</h1>
      <p role="alert">{expired ? QUOTE_MESSAGES.expired : QUOTE_MESSAGES.notFound}</p>
      {expired ? (
        <p className={styles.links}>
          <a href={homeUrl}>Home</a>
          <a href={contactUrl}>Contact Us</a>
        </p>
      ) : (
        <p className={styles.links}>
          <a href={homeUrl}>Go to Home Page</a>
        </p>
      )}
    </section>
  );
}

export default defineBlock({
  type: 'quote-payment',
  component: QuotePayment,
  island: { start: 'load', code: 'component' },
  description:
    'The quote payment page: the quote of the link, its payment methods and Pay Now; expired and not-found views.',
});
