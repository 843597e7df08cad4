/**
 * The server's shipping methods and totals for the cart and where it ships, asked again (after a
 * short pause for typing) whenever either changes. The server may refuse the ZIP for the state
 * (422 on shippingAddress.zipCode): the page shows that on the ZIP field it came from.
 */
import { useEffect, useRef, useState } from 'react';
import { CHECKOUT_MESSAGES, callApi, type ApiResult, type CheckoutEstimate as Estimate } from '../../engine/index.ts';

export type EstimateState =
  | { status: 'loading' }
  | { status: 'ready'; data: Estimate }
  | { status: 'error'; message?: string };
export interface CartLineRef {
  sku: string;
  finish: { type: string; value: string };
  /** Quantity on the line (the server caps it at the shop's cart maximum). */
  qty: number;
}
export interface ShipLocation {
  countryId: string;
  state: string;
  zipCode: string;
}

const ESTIMATE_DELAY_MS = 400;
/** The server's ZIP/state refusals: a later accepted estimate takes them off the field. */
export const ZIP_REFUSALS: readonly string[] = [CHECKOUT_MESSAGES.zipStateMismatch, CHECKOUT_MESSAGES.zipNotUs];
const zipRefusal = (r: ApiResult<Estimate>) =>
  r.status === 422 ? r.body.errors?.['shippingAddress.zipCode'] : undefined;
/** The estimate's chosen method: its type, or the method itself. */
const serverMethod = (e: Estimate | undefined) =>
  (typeof e?.shippingMethod === 'string' ? e.shippingMethod : e?.shippingMethod?.type) || undefined;

export function useShippingEstimate({
  items,
  location,
  shippingMethod,
  onZip,
}: {
  items: readonly CartLineRef[];
  /** Country, state and ZIP once complete and valid; undefined before. */
  location: ShipLocation | undefined;
  /** The shopper's choice ('' until one is made: the server picks). */
  shippingMethod: string;
  /** The server refused the ZIP (its message), or took it (undefined). */
  onZip: (refusal: string | undefined) => void;
}) {
  const [estimate, setEstimate] = useState<EstimateState>({ status: 'loading' });
  /** The cart, place and method the shown estimate is for. */
  const settledKey = useRef('');
  const onZipRef = useRef(onZip);
  onZipRef.current = onZip;
  const locationKey = location ? `${location.countryId}|${location.state}|${location.zipCode}` : '';
  const key = `${JSON.stringify(items)}|${locationKey}|${shippingMethod}`;
  const request = () => ({ items, shippingAddress: location, shippingMethod: shippingMethod || undefined });

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for items, location and the method
  useEffect(() => {
    if (!items.length) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setEstimate((e) => (e.status === 'ready' ? e : { status: 'loading' }));
      callApi<Estimate>('/api/checkout/estimate', 'POST', request(), abort.signal)
        .then((r) => {
          const zip = zipRefusal(r);
          if (r.status === 200 && r.body.totals) {
            setEstimate({ status: 'ready', data: r.body as Estimate });
            settledKey.current = key;
            onZipRef.current(undefined);
          } else {
            if (zip) onZipRef.current(zip);
            setEstimate({ status: 'error', message: zip });
          }
        })
        .catch(() => undefined);
    }, ESTIMATE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key]);

  const data = estimate.status === 'ready' ? estimate.data : undefined;
  const quotes = data && !data.message ? data.shippingMethods : [];
  const chosen =
    shippingMethod && quotes.some((q) => q.type === shippingMethod)
      ? shippingMethod
      : (serverMethod(data) ?? quotes[0]?.type ?? '');

  /**
   * The shipping method to order with: the shown estimate's, or a fresh estimate's when it is not
   * back yet; `{ zip }` when the server refused the ZIP.
   */
  async function forSubmit(): Promise<string | undefined | { zip: string }> {
    if (chosen && settledKey.current === key) return chosen;
    const r = await callApi<Estimate>('/api/checkout/estimate', 'POST', request());
    if (r.status !== 200 || !r.body.totals) {
      const zip = zipRefusal(r);
      setEstimate({ status: 'error', message: zip });
      return zip ? { zip } : undefined;
    }
    setEstimate({ status: 'ready', data: r.body as Estimate });
    settledKey.current = key;
    const list = r.body.message ? [] : (r.body.shippingMethods ?? []);
    return serverMethod(r.body as Estimate) ?? list[0]?.type;
  }

  return { estimate, data, quotes, chosen, forSubmit };
}
