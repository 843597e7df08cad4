/**
 * The sample mini-cart link, an island started at load: it shows the stored count as soon as the
 * page runs. It imports only the modules it uses (the cart store, not the engine's public face),
 * so it stays a small part of a content page's script.
 */
import { defineBlock } from '../../engine/define-block.ts';
import type { CartLinkProps } from '../../schemas/types/blocks/cart-link.ts';
import { cartLabel, useCartCount } from './cart-count.ts';
import styles from './cart-link.module.css';

function CartLink({ text = 'Cart ({cart-count})', url = '/order-samples', className }: CartLinkProps & { className?: string }) {
  const count = useCartCount();
  return (
    <a href={url} className={className ? `${styles.cart} ${className}` : styles.cart}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.7L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        <circle cx="9" cy="19" r="1.6" fill="currentColor" />
        <circle cx="17" cy="19" r="1.6" fill="currentColor" />
      </svg>
      <span>{cartLabel(text, count)}</span>
    </a>
  );
}

export default defineBlock({
  type: 'cart-link',
  component: CartLink,
  island: 'load',
  description: 'Sample mini-cart link with the number of samples in the cart, live across tabs.',
});
