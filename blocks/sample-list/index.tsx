/**
 * Sample-ordering list of one style: its own samples, then those other styles sell of its
 * finishes (island accent colours). The samples come from the build's sample data (so the
 * list shows "Loading samples..." until it arrives, and the prerendered HTML does too). With
 * more than one sample the shopper ticks the ones to add; with one, the button adds it. A style
 * with a single sample of its own (an RTA style's door) has it ticked at first, so the button
 * orders the style's door as it would alone. The cart answers each line with its message
 * (added, or the maximum-quantity message). Messages clear when the selection changes and
 * vanish after 5 seconds.
 */
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import {
  SiteLink,
  defineBlock,
  formatPrice,
  sampleCart,
  useSampleCart,
  useSampleData,
  usePageData,
  type AddResult,
  type SampleRecord,
  sectionStyles,
} from '../../engine/index.ts';
import type { SampleListProps } from '../../schemas/types/blocks/sample-list.ts';
import styles from './sample-list.module.css';

export const LOADING_TEXT = 'Loading samples...';
export const EMPTY_TEXT = 'No sample items available for this style.';
export const SELECT_ONE_TEXT = 'Please select at least one sample.';
export const LOAD_ERROR_TEXT = 'Samples could not be loaded. Please reload the page.';
/** How long a message stays (spec: 5 seconds). */
export const MESSAGE_MS = 5000;

type Feedback = { kind: 'select-one' } | { kind: 'results'; results: AddResult[] } | null;

function SampleRow({ sample, inCart }: { sample: SampleRecord; inCart: boolean }) {
  const picture = sample.images[0];
  return (
    <>
      {picture && (
        <img
          className={styles.thumb}
          src={picture.processedUrls.cart}
          alt=""
          width={60}
          height={80}
          loading="lazy"
          decoding="async"
        />
      )}
      <span className={styles.text}>
        <span className={styles.name}>{sample.name}</span>
        <span className={styles.finish}>
          <img
            className={styles.swatch}
            src={sample.finish.image.processedUrls.medium}
            alt=""
            width={20}
            height={20}
            loading="lazy"
            decoding="async"
          />
          {sample.finish.label}
        </span>
        <span className={styles.price}>{formatPrice(sample.price)}</span>
      </span>
      {inCart && <span className={styles.inCart}>In cart</span>}
    </>
  );
}

type Catalogue = Extract<ReturnType<typeof useSampleData>, { status: 'ready' }>['data'];

/** The samples of a style (by its path), in the catalogue's order. */
function samplesOf(catalogue: Catalogue, key: string): SampleRecord[] {
  const skus = Object.hasOwn(catalogue.styles, key) ? catalogue.styles[key]!.skus : [];
  return skus.flatMap((sku) => catalogue.samples[sku] ?? []);
}

/** What the last press said; it fades after a while. */
function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback>(null);
  useEffect(() => {
    if (!feedback) return;
    const t = setTimeout(() => setFeedback(null), MESSAGE_MS);
    return () => clearTimeout(t);
  }, [feedback]);
  return [feedback, setFeedback] as const;
}

/** The style's samples as checkboxes: the shopper ticks the ones to add. */
function SampleChoices({
  samples,
  selected,
  inCart,
  firstBox,
  onToggle,
  errorId,
}: {
  samples: SampleRecord[];
  selected: ReadonlySet<string>;
  inCart: ReadonlySet<string>;
  firstBox: RefObject<HTMLInputElement | null>;
  onToggle: (sku: string, on: boolean) => void;
  /** Set while "select one" is shown: the boxes are invalid and described by it. */
  errorId: string | undefined;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className="jv-sr-only">Samples to add</legend>
      <ul className={styles.list}>
        {samples.map((s, i) => (
          <li key={s.sku}>
            <label className={styles.item}>
              <input
                ref={i === 0 ? firstBox : undefined}
                className={styles.check}
                type="checkbox"
                checked={selected.has(s.sku)}
                onChange={(e) => onToggle(s.sku, e.currentTarget.checked)}
                aria-invalid={errorId ? true : undefined}
                aria-describedby={errorId}
              />
              <SampleRow sample={s} inCart={inCart.has(s.sku)} />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function SampleList({ title, intro, style, buttonText, cartText, cartUrl }: SampleListProps) {
  const page = usePageData();
  const key = style ?? page.path;
  const data = useSampleData();
  const cart = useSampleCart();
  // null until the shopper ticks or unticks a box: the selection is then the list's first one.
  const [picked, setPicked] = useState<ReadonlySet<string> | null>(null);
  const [feedback, setFeedback] = useFeedback();
  const firstBox = useRef<HTMLInputElement>(null);
  const id = useId();

  const samples = data.status === 'ready' ? samplesOf(data.data, key) : [];
  const choose = samples.length > 1;
  const own = samples.filter((s) => s.styleUrl === key);
  const selected = picked ?? new Set(own.length === 1 ? [own[0]!.sku] : []);
  const inCart = new Set(cart.map((i) => i.sku));
  const selectError = feedback?.kind === 'select-one';

  const toggle = (sku: string, on: boolean) => {
    setPicked(() => {
      const next = new Set(selected);
      if (on) next.add(sku);
      else next.delete(sku);
      return next;
    });
    setFeedback(null);
  };

  const add = () => {
    const chosen = choose ? samples.filter((s) => selected.has(s.sku)) : samples;
    if (!chosen.length) {
      setFeedback({ kind: 'select-one' });
      firstBox.current?.focus();
      return;
    }
    const results = sampleCart().addMany(
      chosen.map((s) => ({ sku: s.sku, name: s.name, finish: { type: s.finish.type, value: s.finish.value } })),
    );
    setFeedback({ kind: 'results', results });
  };

  let body: ReactNode;
  if (data.status === 'ready' && samples.length === 0) body = <p className={styles.note}>{EMPTY_TEXT}</p>;
  else if (data.status === 'error')
    body = (
      <p className={styles.error} role="alert">
        {LOAD_ERROR_TEXT}
      </p>
    );
  else if (data.status !== 'ready')
    body = (
      <p className={styles.note} role="status">
        {LOADING_TEXT}
      </p>
    );
  else
    body = (
      <>
        {choose ? (
          <SampleChoices
            samples={samples}
            selected={selected}
            inCart={inCart}
            firstBox={firstBox}
            onToggle={toggle}
            errorId={selectError ? `${id}-error` : undefined}
          />
        ) : (
          <ul className={styles.list}>
            {samples.map((s) => (
              <li key={s.sku} className={styles.item}>
                <SampleRow sample={s} inCart={inCart.has(s.sku)} />
              </li>
            ))}
          </ul>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={add}>
            {buttonText}
          </button>
          {cart.length > 0 && (
            <SiteLink href={cartUrl} className={styles.cartLink}>
              {cartText}
            </SiteLink>
          )}
        </div>
        {selectError && (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {SELECT_ONE_TEXT}
          </p>
        )}
      </>
    );

  return (
    <section className={sectionStyles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={sectionStyles.title}>
        {title}
      </h2>
      {intro && <p className={styles.intro}>{intro}</p>}
      {body}
      <div role="status" className={styles.messages}>
        {feedback?.kind === 'results' &&
          feedback.results.map((r) => (
            <p key={r.sku} className={r.status === 'max-quantity' ? styles.warning : styles.success}>
              {r.message}
            </p>
          ))}
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'sample-list',
  component: SampleList,
  island: { start: 'load', code: 'component' },
  description: 'Sample-ordering list of a style: tick samples and add them to the sample cart.',
});
