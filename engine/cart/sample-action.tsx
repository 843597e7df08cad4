/**
 * One tap to order a sample: a button that adds the sample to the sample cart (quantity 1, the
 * cart's own rule), then reads "In cart" beside a link to the cart. The cart answers in a live
 * region with its own message (added, or the maximum-quantity message when the sample is already
 * there), which vanishes after SAMPLE_MESSAGE_MS. The button keeps the focus throughout.
 */
import { useEffect, useState } from 'react';
import { SiteLink } from '../render/link.tsx';
import { sampleCart } from './sample-cart.ts';
import type { CartFinish } from './stored-cart.ts';
import { useSampleCart } from './use-sample-cart.ts';
import styles from './sample-action.module.css';

/** How long the cart's answer stays (as the sample list's messages). */
const SAMPLE_MESSAGE_MS = 5000;

interface SampleActionProps {
  /** The sample the button adds (a catalogue sample: sku, name, finish). */
  sample: { sku: string; name: string; finish: CartFinish };
  /** The button's text before the sample is in the cart ("Order a sample"). */
  label: string;
  /** The button's text once it is ("In cart"). */
  inCartText: string;
  /** The link to the cart shown once the sample is in it. */
  cartText: string;
  cartUrl: string;
  className?: string;
}

export function SampleAction({ sample, label, inCartText, cartText, cartUrl, className }: SampleActionProps) {
  const inCart = useSampleCart().some((i) => i.sku === sample.sku);
  const [message, setMessage] = useState<{ sku: string; text: string; warn: boolean } | null>(null);

  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => setMessage(null), SAMPLE_MESSAGE_MS);
    return () => clearTimeout(t);
  }, [message]);

  const add = () => {
    const r = sampleCart().add({ sku: sample.sku, name: sample.name, finish: sample.finish });
    setMessage({ sku: sample.sku, text: r.message, warn: r.status === 'max-quantity' });
  };
  // A message about another sample (the finish in view changed) is not this button's answer.
  const shown = message?.sku === sample.sku ? message : null;

  return (
    <div className={className}>
      <div className={styles.row}>
        <button
          type="button"
          className={inCart ? styles.inCart : styles.button}
          // The visible text, then which sample (a listing has one button per card).
          aria-label={`${inCart ? inCartText : label}: ${sample.name}`}
          onClick={add}
        >
          {inCart ? `✓ ${inCartText}` : label}
        </button>
        {inCart && (
          <SiteLink href={cartUrl} className={styles.cartLink}>
            {cartText}
          </SiteLink>
        )}
      </div>
      <p role="status" className={shown?.warn ? styles.warning : styles.message}>
        {shown?.text}
      </p>
    </div>
  );
}
