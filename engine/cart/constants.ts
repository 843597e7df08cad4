/**
 * The sample cart's change event and its messages; the texts are fixed (typos included). Its storage
 * key, quantity limit and expiry are the shop's (site.json commerce.cart; engine/commerce/shop.ts).
 */

/** Window event fired in the tab that changed the cart; other tabs get the `storage` event. */
export const SAMPLES_CHANGED_EVENT = 'joinery:samples-changed';

/** Most lines one order takes (a sample cart holds a few; more is a script). */
export const MAX_ORDER_ITEMS = 50;

/** `max`: the shop's cart.maxQuantity (Hearthline's: 1). */
export const maxQuantityMessage = (name: string, max: number) =>
  `You can order maximum ${max} quantity of item "${name}".`;
export const addedMessage = (name: string) => `Item ${name} has been successfully added.`;
export const updatedMessage = (name: string) => `Item ${name} has been successfully updated.`;
/** Shown when a stored sku is no longer in the catalogue. */
export const unavailableMessage = (name: string) =>
  `Item ${name} is no longer available and has been removed from your cart.`;
