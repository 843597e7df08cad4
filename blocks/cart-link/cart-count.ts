/**
 * The mini-cart's item count: the number of lines in the sample cart store (engine/cart, the one
 * reader of local storage). 0 on the server and in the first render in the browser (the
 * prerendered HTML), the stored count once mounted, then live: the store signals changes made in
 * this tab and in other tabs. A page shown again from the back/forward cache, or a prerendered
 * page the shopper opens, reads the count again: changes made meanwhile sent no signal it heard.
 */
import { useEffect, useState } from 'react';
import { sampleCart } from '../../engine/cart/sample-cart.ts';

export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const store = sampleCart();
    const read = () => setCount(store.getItems().length);
    read();
    const unsubscribe = store.subscribe(read);
    window.addEventListener('pageshow', read);
    document.addEventListener('prerenderingchange', read);
    return () => {
      unsubscribe();
      window.removeEventListener('pageshow', read);
      document.removeEventListener('prerenderingchange', read);
    };
  }, []);
  return count;
}

export const cartLabel = (text: string, count: number) => text.replaceAll('{cart-count}', String(count));
