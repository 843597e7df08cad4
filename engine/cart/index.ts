/**
 * The sample cart (browser-safe): a framework-free store over local storage, under the shop's
 * key with its expiry and quantity limit (site.json commerce.cart), its React hooks, and the build-time sample data it is shown with.
 *
 *   const items = useSampleCart();                       // lines, live across views and tabs
 *   const r = sampleCart().add({ sku, name, finish });   // r.message: added / updated / maximum
 *   sampleCart().remove(sku); sampleCart().clear();
 *   const data = useSampleData();                        // { status, data: SampleData }
 *   const { lines, unknown } = resolveSampleLines(items, data.data);
 */
export {
  SAMPLES_CHANGED_EVENT,
  maxQuantityMessage,
  addedMessage,
  updatedMessage,
  unavailableMessage,
} from './constants.ts';
export {
  readStoredCart,
  toCartItem,
  type CartItem,
  type CartFinish,
  type StoredCart,
  type ReadResult,
  type ReadStatus,
} from './stored-cart.ts';
export {
  createCartStore,
  memoryStorage,
  type CartStore,
  type CartStorage,
  type CartStoreOptions,
  type NewCartItem,
  type AddResult,
  type AddStatus,
} from './store.ts';
export { sampleCart } from './sample-cart.ts';
export { useSampleCart } from './use-sample-cart.ts';
export { useSampleData } from './use-sample-data.ts';
export {
  SAMPLE_DATA_URL,
  resolveSampleLines,
  sampleSubtotal,
  type SampleData,
  type SampleDataStyle,
  type SampleRecord,
} from '../catalog/sample-data.ts';
export { formatPrice } from '../catalog/price.ts';
