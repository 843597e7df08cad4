import { describe, expect, it, vi } from 'vitest';
import { buildSampleData, resolveSampleLines, sampleSubtotal } from '../catalog/sample-data.ts';
import { catalogueUrlsOf } from '../catalog/urls.ts';
import type { Style } from '../catalog/types.ts';
import { SAMPLES_CHANGED_EVENT, unavailableMessage } from './constants.ts';
import { createCartStore, memoryStorage, type CartStorage } from './store.ts';

/** The shipped shop's key (site-config/site.json commerce.cart), which the tests run as. */
const SAMPLES_KEY = 'selectedSamples';
const HOUR = 3600_000;
const T0 = Date.parse('2025-03-01T12:00:00Z');
const pw = {
  sku: 'CARLTON-SD-PW',
  name: 'Carlton sample door, Pure White',
  finish: { type: 'paint', value: 'pure-white' },
};
const esp = {
  sku: 'CARLTON-SD-ESP',
  name: 'Carlton sample door, Espresso',
  finish: { type: 'stain', value: 'espresso' },
};

function setup(storage: CartStorage = memoryStorage()) {
  let now = T0;
  const events = new EventTarget();
  const store = createCartStore({ storage, events, now: () => now });
  return {
    store,
    storage,
    events,
    advance: (ms: number) => (now += ms),
    stored: () => JSON.parse(storage.getItem(SAMPLES_KEY) ?? 'null'),
  };
}

describe('sample cart store', () => {
  it('adds a line with quantity 1 under selectedSamples, expiring 24 hours later', () => {
    const { store, stored } = setup();
    expect(store.add(pw)).toEqual({
      status: 'added',
      sku: pw.sku,
      message: 'Item Carlton sample door, Pure White has been successfully added.',
    });
    expect(stored()).toEqual({
      items: [{ sku: pw.sku, name: pw.name, qty: 1, finish: { type: 'paint', value: 'pure-white' } }],
      expiresAt: T0 + 24 * HOUR,
    });
    expect(store.getItems()).toHaveLength(1);
    expect(store.has(pw.sku)).toBe(true);
  });

  it('refuses a second one of the same sample with the maximum-quantity message', () => {
    const { store, stored } = setup();
    store.add(pw);
    const before = stored();
    expect(store.add(pw)).toEqual({
      status: 'max-quantity',
      sku: pw.sku,
      message: 'You can order maximum 1 quantity of item "Carlton sample door, Pure White".',
    });
    expect(stored()).toEqual(before);
  });

  it('replaces a stored line whose finish no longer matches and says updated', () => {
    const { store } = setup();
    store.add({ ...pw, finish: { type: 'paint', value: 'old-white' } });
    expect(store.add(pw).message).toBe('Item Carlton sample door, Pure White has been successfully updated.');
    expect(store.getItems()).toEqual([{ sku: pw.sku, name: pw.name, qty: 1, finish: pw.finish }]);
  });

  it('adds several lines with one write and answers for each', () => {
    const { store, events } = setup();
    store.add(pw);
    const signal = vi.fn();
    events.addEventListener(SAMPLES_CHANGED_EVENT, signal);
    expect(store.addMany([pw, esp]).map((r) => r.status)).toEqual(['max-quantity', 'added']);
    expect(signal).toHaveBeenCalledTimes(1);
    expect(store.getItems().map((i) => i.sku)).toEqual([pw.sku, esp.sku]);
  });

  it('removes a line, and removes the key when the cart becomes empty', () => {
    const { store, storage } = setup();
    store.addMany([pw, esp]);
    expect(store.remove(pw.sku)).toBe(true);
    expect(store.remove(pw.sku)).toBe(false);
    expect(store.getItems().map((i) => i.sku)).toEqual([esp.sku]);
    store.clear();
    expect(storage.getItem(SAMPLES_KEY)).toBeNull();
    expect(store.getItems()).toEqual([]);
  });

  it('empties an expired cart on read and discards the stored value; every change restarts the 24 hours', () => {
    const { store, storage, advance, stored } = setup();
    store.add(pw);
    advance(23 * HOUR);
    store.add(esp);
    expect(stored().expiresAt).toBe(T0 + 47 * HOUR);
    advance(23 * HOUR);
    expect(store.getItems()).toHaveLength(2);
    advance(1 * HOUR);
    expect(store.getItems()).toEqual([]);
    expect(storage.getItem(SAMPLES_KEY)).toBeNull();
  });

  it('discards malformed stored values without throwing', () => {
    for (const raw of [
      '{not json',
      '"three"',
      '[{"sku":"A"}]',
      '{"items":[]}',
      '{"items":{},"expiresAt":1e15}',
      '{"items":[],"expiresAt":"tomorrow"}',
      'null',
    ]) {
      const storage = memoryStorage();
      storage.setItem(SAMPLES_KEY, raw);
      const { store } = setup(storage);
      expect(store.getItems(), raw).toEqual([]);
      expect(storage.getItem(SAMPLES_KEY), raw).toBeNull();
      expect(store.add(pw).status).toBe('added');
    }
  });

  it('drops single malformed lines, repeats and odd quantities but keeps the good ones', () => {
    const storage = memoryStorage();
    const good = { sku: 'A', name: 'A door', qty: 7, finish: { type: 'paint', value: 'white' } };
    storage.setItem(
      SAMPLES_KEY,
      JSON.stringify({
        items: [good, { sku: 'B' }, 42, { ...good, name: 'again' }, { ...good, sku: '' }],
        expiresAt: T0 + HOUR,
      }),
    );
    const { store } = setup(storage);
    expect(store.getItems()).toEqual([{ ...good, qty: 1 }]);
  });

  it('survives a storage that throws', () => {
    const broken: CartStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const { store } = setup(broken);
    expect(store.getItems()).toEqual([]);
    expect(() => store.add(pw)).not.toThrow();
    expect(() => store.clear()).not.toThrow();
  });

  it('returns the same array until the cart changes', () => {
    const { store } = setup();
    store.add(pw);
    const a = store.getItems();
    expect(store.getItems()).toBe(a);
    store.add(esp);
    expect(store.getItems()).not.toBe(a);
  });

  it('signals every change to this tab (window event) and hears other tabs (storage event)', () => {
    const shared = memoryStorage();
    const tab1 = setup(shared);
    const tab2 = setup(shared);
    const seen1 = vi.fn(() => tab1.store.getItems().length);
    const seen2 = vi.fn(() => tab2.store.getItems().length);
    const off1 = tab1.store.subscribe(seen1);
    tab2.store.subscribe(seen2);
    const signal = vi.fn();
    tab1.events.addEventListener(SAMPLES_CHANGED_EVENT, signal);

    tab1.store.add(pw);
    expect(signal).toHaveBeenCalledTimes(1);
    expect(seen1).toHaveLastReturnedWith(1);
    expect(seen2).not.toHaveBeenCalled(); // until the browser tells tab 2
    tab2.events.dispatchEvent(Object.assign(new Event('storage'), { key: SAMPLES_KEY }));
    expect(seen2).toHaveLastReturnedWith(1);
    tab2.events.dispatchEvent(Object.assign(new Event('storage'), { key: 'something-else' }));
    expect(seen2).toHaveBeenCalledTimes(1);

    off1();
    tab1.store.remove(pw.sku);
    expect(seen1).toHaveBeenCalledTimes(1);
    expect(signal).toHaveBeenCalledTimes(2);
  });

  it('without an event target calls its subscribers directly', () => {
    const store = createCartStore({ storage: memoryStorage(), events: null });
    const l = vi.fn();
    store.subscribe(l);
    store.add(pw);
    expect(l).toHaveBeenCalledTimes(1);
  });
});

describe('unknown skus', () => {
  const style = {
    slug: 'carlton',
    code: 'CARLTON',
    name: 'Carlton',
    title: 'Carlton Semi-Custom Kitchen Cabinets',
    category: 'kitchen-cabinets',
    subcategory: 'semi-custom-kitchen-cabinets',
    shortDescription: '',
    description: '',
    bullets: [],
    images: [],
    finishes: [
      {
        name: 'paint',
        group: 'Painted',
        title: 'Paint',
        items: [
          {
            value: 'pure-white',
            label: 'Pure White',
            image: { src: '/s/pw.svg', alt: 'Pure White', width: 80, height: 80 },
          },
        ],
      },
    ],
    action: { label: 'View', url: '/x' },
    specifications: [],
    faq: [],
    videos: [],
    samples: [
      { sku: pw.sku, name: pw.name, price: 4.5, weight: 3, finish: pw.finish },
      { sku: 'CARLTON-SD-XX', name: 'Bad finish', price: 1, weight: 3, finish: { type: 'paint', value: 'nope' } },
    ],
  } as unknown as Style;
  const data = buildSampleData([style], catalogueUrlsOf({ style: '/products/{category}/{subcategory}/{slug}' }));

  it('builds sample data by sku and by style path, leaving out samples with an unknown finish', () => {
    expect(Object.keys(data.samples)).toEqual([pw.sku]);
    expect(data.styles['/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton']).toEqual({
      name: 'Carlton',
      title: style.title,
      skus: [pw.sku],
    });
    expect(data.samples[pw.sku]).toMatchObject({
      price: 4.5,
      styleName: 'Carlton',
      finish: { label: 'Pure White' },
      styleUrl: '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton',
    });
  });

  it('are dropped from the cart with a message naming them', () => {
    const { store } = setup();
    store.addMany([pw, esp]);
    const { lines, unknown } = resolveSampleLines(store.getItems(), data);
    expect(lines.map((l) => l.sku)).toEqual([pw.sku]);
    expect(unknown.map((u) => u.sku)).toEqual([esp.sku]);
    const dropped = store.retain((i) => Object.hasOwn(data.samples, i.sku));
    expect(dropped.map((d) => unavailableMessage(d.name))).toEqual([
      'Item Carlton sample door, Espresso is no longer available and has been removed from your cart.',
    ]);
    expect(store.getItems().map((i) => i.sku)).toEqual([pw.sku]);
    expect(sampleSubtotal(lines)).toBe(4.5);
    expect(
      sampleSubtotal([
        { price: 0.1, qty: 1 },
        { price: 0.2, qty: 1 },
      ]),
    ).toBe(0.3);
  });
});
