/**
 * The mini-cart link's browser code, without a UI library: the label shows the number of lines
 * in the sample cart store (engine/cart, the one reader of local storage) and follows it, as
 * changed in this tab or another, and when the page shows again from the back/forward cache or
 * opens from a prerender (the store signals all of these).
 */
import { sampleCart, type IslandClient } from '../../engine/framework-free.ts';
import type { CartLinkProps } from '../../schemas/types/blocks/cart-link.ts';
import { cartLabel, COUNT_ATTR } from './cart-count.ts';

export const start: IslandClient<CartLinkProps>['start'] = (el, props) => {
  const label = el.querySelector(`[${COUNT_ATTR}]`);
  if (!label) return;
  const { text } = props;
  const store = sampleCart();
  const show = () => (label.textContent = cartLabel(text, store.getItems().length));
  show();
  store.subscribe(show);
};
