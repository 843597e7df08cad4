/**
 * The sample of the finish in view, one tap from where it is picked: its name, price and
 * SampleAction button. A finish another style sells as a sample (the finish item's `sample`,
 * e.g. an island accent colour) is looked up in the build's sample data, and added as that
 * style's sample. A finish without a sample says so ("No sample of {finish} to order yet.").
 */
import { formatPrice } from '../catalog/price.ts';
import { finishSample, type FinishRef } from '../catalog/finishes.ts';
import { SampleAction } from './sample-action.tsx';
import type { CartFinish } from './stored-cart.ts';
import { useSampleData } from './use-sample-data.ts';
import styles from './finish-sample.module.css';

/** Shown while the sample data of a finish another style sells is on its way (the sample list's text). */
const LOADING_TEXT = 'Loading samples...';

interface OrderableSample {
  sku: string;
  name: string;
  price: number;
  finish: CartFinish;
}

interface FinishSampleTexts {
  /** The button ("Order a sample"). */
  sampleText: string;
  /** The button once its sample is in the cart ("In cart"). */
  inCartText: string;
  /** Said when the finish has no sample; {finish} is its name. */
  noSampleText: string;
  /** The link to the cart beside a sample in it. */
  cartText: string;
  cartUrl: string;
}

interface FinishSampleProps extends FinishSampleTexts {
  /** The finish in view (undefined: the style has no finishes; its first sample is offered). */
  chosen: FinishRef | undefined;
  /** The style's own samples. */
  samples?: readonly OrderableSample[];
}

export function FinishSample(props: FinishSampleProps) {
  const found = finishSample(props.chosen, props.samples);
  if (!found) return <NoSample {...props} />;
  if ('sku' in found) return <SoldElsewhere key={found.sku} sku={found.sku} {...props} />;
  return <SampleLine sample={found.own} {...props} />;
}

function NoSample({ chosen, noSampleText }: FinishSampleProps) {
  return (
    <p className={`${styles.sample} ${styles.noSample}`}>
      {noSampleText.replace('{finish}', chosen?.item.label ?? '')}
    </p>
  );
}

/** A finish sold as another style's sample: its line once the sample data has it. */
function SoldElsewhere(props: FinishSampleProps & { sku: string }) {
  const data = useSampleData();
  if (data.status !== 'ready')
    return (
      <p className={`${styles.sample} ${styles.noSample}`} role="status">
        {LOADING_TEXT}
      </p>
    );
  const record = Object.hasOwn(data.data.samples, props.sku) ? data.data.samples[props.sku] : undefined;
  if (!record) return <NoSample {...props} />;
  const { sku, name, price, finish } = record;
  return <SampleLine sample={{ sku, name, price, finish: { type: finish.type, value: finish.value } }} {...props} />;
}

function SampleLine({
  sample,
  sampleText,
  inCartText,
  cartText,
  cartUrl,
}: FinishSampleProps & { sample: OrderableSample }) {
  return (
    <div className={styles.sample}>
      <p className={styles.sampleName}>
        {sample.name} <span className={styles.samplePrice}>{formatPrice(sample.price)}</span>
      </p>
      <SampleAction sample={sample} label={sampleText} inCartText={inCartText} cartText={cartText} cartUrl={cartUrl} />
    </div>
  );
}
