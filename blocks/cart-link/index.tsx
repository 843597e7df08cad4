/**
 * The sample mini-cart link, prerendered with a count of 0: a framework-free island started at
 * load (client.ts), which shows the stored count as soon as the page runs.
 */
import { defineBlock } from '../../engine/index.ts';
import type { CartLinkProps } from '../../schemas/types/blocks/cart-link.ts';
import { cartLabel, COUNT_ATTR } from './cart-count.ts';
import styles from './cart-link.module.css';

function CartLink({ text, url, className }: CartLinkProps & { className?: string }) {
  return (
    <a href={url} className={className ? `${styles.cart} ${className}` : styles.cart}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.7L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19" r="1.6" fill="currentColor" />
        <circle cx="17" cy="19" r="1.6" fill="currentColor" />
      </svg>
      <span {...{ [COUNT_ATTR]: '' }}>{cartLabel(text, 0)}</span>
    </a>
  );
}

export default defineBlock({
  type: 'cart-link',
  component: CartLink,
  island: { start: 'load', code: 'client' },
  description: 'Sample mini-cart link with the number of samples in the cart, live across tabs.',
});
