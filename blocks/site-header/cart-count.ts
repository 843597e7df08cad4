/**
 * The sample cart's item count, read from local storage. The cart (a later block) stores
 * `selectedSamples` either as a bare array or as `{ items, expiresAt }`; anything else, an
 * expired cart, or unreadable storage counts as 0. The count starts at 0 (what the server
 * renders) and updates after hydration, on the `storage` event (other tabs) and on
 * `joinery:samples-changed` (this tab).
 */
import { useEffect, useState } from 'react';

export const SAMPLES_KEY = 'selectedSamples';
export const SAMPLES_CHANGED_EVENT = 'joinery:samples-changed';

function isExpired(expiresAt: unknown, now: number): boolean {
  const t = typeof expiresAt === 'number' ? expiresAt : typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
  return !Number.isNaN(t) && t <= now;
}

export function countSamples(raw: string | null, now = Date.now()): number {
  if (!raw) return 0;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 0;
  }
  let items: unknown;
  if (Array.isArray(value)) items = value;
  else if (value && typeof value === 'object') {
    const v = value as { items?: unknown; expiresAt?: unknown };
    if (isExpired(v.expiresAt, now)) return 0;
    items = v.items;
  }
  if (!Array.isArray(items)) return 0;
  return items.filter((i) => i !== null && typeof i === 'object').length;
}

function readCount(): number {
  try {
    return countSamples(window.localStorage.getItem(SAMPLES_KEY));
  } catch {
    return 0; // storage disabled
  }
}

export function useCartCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const update = () => setCount(readCount());
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === SAMPLES_KEY) update();
    };
    update();
    window.addEventListener('storage', onStorage);
    window.addEventListener(SAMPLES_CHANGED_EVENT, update);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(SAMPLES_CHANGED_EVENT, update);
    };
  }, []);
  return count;
}

export const cartLabel = (text: string, count: number) => text.replaceAll('{cart-count}', String(count));
