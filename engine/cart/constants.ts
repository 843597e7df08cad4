/** The sample cart's storage contract and its messages, exactly as the spec gives them. */
import { MAX_SAMPLE_QTY } from '../catalog/samples.ts';

/** Local storage key of the sample cart (spec). */
export const SAMPLES_KEY = 'selectedSamples';
/** Window event fired in the tab that changed the cart; other tabs get the `storage` event. */
export const SAMPLES_CHANGED_EVENT = 'joinery:samples-changed';
/** The cart expires 24 hours after its last change (spec: 24 hours). */
export const SAMPLE_CART_TTL_MS = 24 * 60 * 60 * 1000;
/** Quantity of every line: the maximum is 1 (spec), so it is fixed at 1. */
export const SAMPLE_QTY = MAX_SAMPLE_QTY;

export const maxQuantityMessage = (name: string) => `You can order maximum ${SAMPLE_QTY} quantity of item "${name}".`;
export const addedMessage = (name: string) => `Item ${name} has been successfully added.`;
export const updatedMessage = (name: string) => `Item ${name} has been successfully updated.`;
/** Not in the spec: shown when a stored sku is no longer in the catalogue. */
export const unavailableMessage = (name: string) => `Item ${name} is no longer available and has been removed from your cart.`;
