/**
 * The sample cart page: "Loading cart..." until the stored lines and the build's sample data
 * are both known (also what the prerendered HTML shows), then the empty state (with links to
 * the styles, whose pages add a sample in one tap) or the lines.
 * Prices are for display; the server recomputes every amount at checkout. A stored sku the
 * catalogue no longer has is dropped from the cart with a message naming it.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  ActionLink,
  SiteLink,
  defineBlock,
  formatPrice,
  resolveSampleLines,
  sampleCart,
  sampleSubtotal,
  unavailableMessage,
  useSampleCart,
  useSampleData,
} from '../../engine/index.ts';
import type { CartPageProps } from '../../schemas/types/blocks/cart-page.ts';
import styles from './cart-page.module.css';

export const LOADING_TEXT = 'Loading cart...';
export const LOAD_ERROR_TEXT = 'Your cart could not be loaded. Please reload the page.';
export const EMPTY_TEXT = 'Looks like you have not added anything to your cart. Go ahead & add items to your cart.';
export const removedMessage = (name: string) => `Item ${name} has been removed from your cart.`;

type SampleLine = ReturnType<typeof resolveSampleLines>['lines'][number];

/** One line: thumbnail, name, style link, finish swatch, price and Remove. */
function CartLine({ line: l, removeText, onRemove }: { line: SampleLine; removeText: string; onRemove: () => void }) {
  const picture = l.images[0];
  return (
    <li className={styles.line}>
      {picture && (
        <img
          className={styles.thumb}
          src={picture.processedUrls.cart}
          alt={picture.altText}
          width={60}
          height={80}
          decoding="async"
        />
      )}
      <div className={styles.info}>
        <h3 className={styles.name}>{l.name}</h3>
        <p className={styles.meta}>
          Style: <SiteLink href={l.styleUrl}>{l.styleTitle}</SiteLink>
        </p>
        <p className={`${styles.meta} ${styles.finish}`}>
          <img
            className={styles.swatch}
            src={l.finish.image.processedUrls.medium}
            alt=""
            width={20}
            height={20}
            decoding="async"
          />
          <span>Finish: {l.finish.label}</span>
        </p>
      </div>
      <p className={styles.price}>{formatPrice(l.price)}</p>
      <button type="button" className={styles.remove} aria-label={`${removeText} ${l.name}`} onClick={onRemove}>
        {removeText}
      </button>
    </li>
  );
}

function CartPage({
  title,
  emptyText,
  styleLinksText,
  styleLinks,
  continueText,
  continueUrl,
  checkoutText,
  checkoutUrl,
  subtotalText,
  removeText,
}: CartPageProps) {
  const data = useSampleData();
  const items = useSampleCart();
  const [notices, setNotices] = useState<string[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  // Drop lines whose sku the catalogue no longer has, saying which.
  const catalogue = data.status === 'ready' ? data.data : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again whenever the cart changes
  useEffect(() => {
    if (!catalogue) return;
    const dropped = sampleCart().retain((i) => Object.hasOwn(catalogue.samples, i.sku));
    if (dropped.length) setNotices((n) => [...n, ...dropped.map((d) => unavailableMessage(d.name))]);
  }, [catalogue, items]);

  const remove = (sku: string, name: string) => {
    sampleCart().remove(sku);
    setNotices([removedMessage(name)]);
    heading.current?.focus();
  };

  let body: ReactNode;
  if (data.status === 'error')
    body = (
      <p className={styles.error} role="alert">
        {LOAD_ERROR_TEXT}
      </p>
    );
  else if (!catalogue)
    body = (
      <p className={styles.note} role="status">
        {LOADING_TEXT}
      </p>
    );
  else {
    const { lines } = resolveSampleLines(items, catalogue);
    body = lines.length ? (
      <>
        <h2 ref={heading} tabIndex={-1} id={`${id}-title`} className={styles.title}>
          {title} <span className={styles.count}>({lines.length === 1 ? '1 item' : `${lines.length} items`})</span>
        </h2>
        <ul className={styles.lines} aria-labelledby={`${id}-title`}>
          {lines.map((l) => (
            <CartLine key={l.sku} line={l} removeText={removeText} onRemove={() => remove(l.sku, l.name)} />
          ))}
        </ul>
        <div className={styles.summary}>
          <p className={styles.subtotal}>
            <span>{subtotalText}</span> <span>{formatPrice(sampleSubtotal(lines))}</span>
          </p>
          <ActionLink action={{ label: checkoutText, url: checkoutUrl }} />
        </div>
      </>
    ) : (
      <div className={styles.empty}>
        <p>{emptyText}</p>
        {!!styleLinks?.length && (
          <>
            <p id={`${id}-styles`}>{styleLinksText}</p>
            <ul className={styles.styleLinks} aria-labelledby={`${id}-styles`}>
              {styleLinks.map((l) => (
                <li key={l.url}>
                  <SiteLink href={l.url}>{l.label}</SiteLink>
                </li>
              ))}
            </ul>
          </>
        )}
        <ActionLink action={{ label: continueText, url: continueUrl }} variant="outline" />
      </div>
    );
  }

  return (
    <div className={styles.section}>
      <div role="status" className={styles.notices}>
        {notices.map((n, i) => (
          <p key={i}>{n}</p>
        ))}
      </div>
      {body}
    </div>
  );
}

export default defineBlock({
  type: 'cart-page',
  component: CartPage,
  island: { start: 'load', code: 'component' },
  description: 'The sample cart: lines with thumbnail, style, finish and price, remove, subtotal and Checkout.',
});
