/**
 * The sample cart (browser-safe): a framework-free store over local storage, under the shop's
 * key with its expiry and quantity limit (site.json commerce.cart), its React hooks, and the build-time sample data it is shown with.
 *
 *   const items = useSampleCart();                       // lines, live across views and tabs
 *   const r = sampleCart().add({ sku, name, finish });   // r.message: added / updated / maximum
 *   sampleCart().remove(sku); sampleCart().clear();
 *   const data = useSampleData();                        // { status, data: SampleData }
 *   const { lines, unknown } = resolveSampleLines(items, data.data);
 *   <SampleAction sample={sample} label="Order a sample" ... />   // one tap, then "In cart" and a link to the cart
 *   <FinishSample chosen={finish} samples={style.samples} ... />  // the finish's sample (its own or another style's), or "No sample of ..."
 */
export { unavailableMessage } from './constants.ts';
export type { AddResult } from './store.ts';
export { sampleCart } from './sample-cart.ts';
export { SampleAction } from './sample-action.tsx';
export { FinishSample } from './finish-sample.tsx';
export { useSampleCart } from './use-sample-cart.ts';
export { useSampleData } from './use-sample-data.ts';
export {
  resolveSampleLines,
  sampleSubtotal,
  type SampleRecord,
} from '../catalog/sample-data.ts';
export { formatPrice } from '../catalog/price.ts';
