/**
 * The mini-cart's item count: the number of lines in the sample cart store (engine/cart, the
 * one reader of local storage `selectedSamples`). 0 on the server and while hydrating, then
 * live: the store signals changes made in this tab and in other tabs.
 */
import { useSampleCart } from '../../engine/index.ts';

export const useCartCount = (): number => useSampleCart().length;

export const cartLabel = (text: string, count: number) => text.replaceAll('{cart-count}', String(count));
