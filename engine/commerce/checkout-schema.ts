// zod/mini, not the `z` namespace: the checkout page imports these and the namespace cannot be
// tree-shaken. The server parses every request with the same schemas (server/api/order.ts), so
// a shopper sees the same messages from the page and from the API.
import {
  _default,
  array,
  boolean,
  maxLength,
  minLength,
  NEVER,
  object,
  optional,
  pipe,
  safeParse,
  transform,
  unknown,
} from 'zod/mini';
import type { core, output } from 'zod/mini';
import { fillText } from '../text/fill.ts';
import { CART_MESSAGES, CHECKOUT_MESSAGES as M } from './messages.ts';
import { MAX_ORDER_ITEMS } from '../cart/constants.ts';
import { rowIdOf } from './row-id.ts';
import * as rules from './rules.ts';
import type { Rule } from './rules.ts';
import { currentShop, type ShopRules } from './shop.ts';
import { US } from './us-states.ts';

type Ctx = core.ParsePayload;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text of an input: strings trimmed, numbers as written, absent as ''; anything else null. */
function asText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (v === undefined || v === null) return '';
  return null;
}

const INVALID = 'Invalid input';

/** One text field checked by a rule; the output is the trimmed text. */
export function textField(rule: Rule) {
  return pipe(
    unknown(),
    transform((input: unknown, ctx: Ctx) => {
      const text = asText(input);
      const message = text === null ? INVALID : rule(text);
      if (message) {
        ctx.issues.push({ code: 'custom', message, input });
        return NEVER;
      }
      return text as string;
    }),
  );
}

/**
 * A group of text fields checked together, so every field's message comes at once even when one
 * rule depends on another field (a US state needs the country). `rulesFor` gets the raw texts.
 */
function fieldGroup<K extends string>(
  keys: readonly K[],
  rulesFor: (values: Record<K, string>) => Record<K, Rule>,
  missing: string = M.required,
) {
  return pipe(
    unknown(),
    transform((input: unknown, ctx: Ctx) => {
      if (!isObject(input)) {
        ctx.issues.push({ code: 'custom', message: missing, input });
        return NEVER;
      }
      const values = {} as Record<K, string>;
      const bad = new Set<K>();
      for (const k of keys) {
        const t = asText(input[k]);
        if (t === null) bad.add(k);
        values[k] = t ?? '';
      }
      const r = rulesFor(values);
      let failed = false;
      for (const k of keys) {
        const message = bad.has(k) ? INVALID : r[k](values[k]);
        if (message) {
          failed = true;
          ctx.issues.push({ code: 'custom', message, input: input[k], path: [k] });
        }
      }
      return failed ? NEVER : values;
    }),
  );
}

export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'street1',
  'street2',
  'city',
  'state',
  'zipCode',
  'countryId',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Codes upper-case (country, US state, postal code): what the tables and the order store. */
function normaliseAddress(a: Record<AddressField, string>) {
  const countryId = a.countryId.toUpperCase();
  return {
    ...a,
    countryId,
    state: countryId === US ? a.state.toUpperCase() : a.state,
    zipCode: a.zipCode.toUpperCase(),
  };
}

const LOCATION_FIELDS = ['countryId', 'state', 'zipCode'] as const;

const TOO_MANY_ITEMS = `A sample order can hold at most ${MAX_ORDER_ITEMS} items.`;

const code: Rule = (v) => (v === '' ? M.required : v.length > 80 ? M.invalidSelection : undefined);

/**
 * A line's quantity: a whole number from 1 to the shop's maximum (site.json commerce.cart).
 * Anything else a client sends is not trusted: absent or unreadable is 1, more than the maximum
 * is the maximum (the cart never holds more; a tampered request gets no more).
 */
function quantity(max: number) {
  const read = pipe(
    unknown(),
    transform((input: unknown) => {
      const n = typeof input === 'string' && /^\d{1,6}$/.test(input.trim()) ? Number(input) : input;
      return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
    }),
  );
  return _default(read, 1);
}

/** A client-made idempotency key: crypto.randomUUID() fits. */
const idempotencyKey: Rule = (v) =>
  v === ''
    ? M.required
    : /^[A-Za-z0-9_.:-]{16,200}$/.test(v)
      ? undefined
      : 'Invalid idempotency key: use 16 to 200 letters, digits, ".", ":", "-" or "_" (crypto.randomUUID() fits)';

const MAX_NOTES_LENGTH = 1000;
const notes: Rule = (v) =>
  v.length > MAX_NOTES_LENGTH ? fillText(M.tooLong, { label: 'Additional notes' }) : undefined;

const shippingMethodRule: Rule = (v) => (v === '' ? M.required : code(v));

/**
 * With sameAsBilling true the billing address is the shipping address (spec: the page copies
 * it), so it is checked as one: where the shop ships. A billing error is reported once, on billing.
 */
function withSameAsBilling<S extends core.$ZodType>(inner: S) {
  return pipe(
    unknown(),
    transform((input: unknown, ctx: Ctx): output<S> => {
      const same = isObject(input) && input.sameAsBilling === true && input.billing !== undefined;
      const r = safeParse(inner, same ? { ...input, shipping: input.billing } : input);
      if (r.success) return r.data;
      const billing = new Set(
        r.error.issues.filter((i) => i.path[0] === 'billing').map((i) => i.path.slice(1).join('.')),
      );
      for (const issue of r.error.issues) {
        if (same && issue.path[0] === 'shipping' && billing.has(issue.path.slice(1).join('.'))) continue;
        ctx.issues.push({ ...issue, input: (issue as { input?: unknown }).input } as core.$ZodRawIssue);
      }
      return NEVER;
    }),
  );
}

/** An order or payment id. */
const orderIdSchema = pipe(
  unknown(),
  transform((input: unknown, ctx: Ctx) => {
    const n = rowIdOf(input);
    if (n !== undefined) return n;
    ctx.issues.push({ code: 'custom', message: input === undefined || input === '' ? M.required : INVALID, input });
    return NEVER;
  }),
);

/** The order token from POST /api/order; absent or wrong is a 403, not a field error. */
const tokenSchema = optional(
  pipe(
    unknown(),
    transform((v: unknown) => (typeof v === 'string' ? v.trim() : '')),
  ),
);

/**
 * The checkout's request schemas for a shop: its shipping countries, phone rule and cart limit
 * (site.json; engine/commerce/shop.ts). The server builds them from the shop it serves.
 */
export function checkoutSchemas(shop: ShopRules) {
  const phone = rules.phoneRule(shop.phone.digits);
  const shippingCountry = rules.shippingCountryRule(shop);
  const addressRules =
    (countryRule: Rule) =>
    (v: Record<AddressField, string>): Record<AddressField, Rule> => ({
      firstName: rules.personName,
      lastName: rules.personName,
      email: rules.email,
      phoneNumber: phone,
      street1: rules.street1,
      street2: rules.street2,
      city: rules.city,
      state: rules.stateFor(v.countryId),
      zipCode: rules.zipCodeRule(shop, v.countryId),
      countryId: countryRule,
    });

  /** A billing address: any country the shop lists (those it does not ship to included). */
  const addressSchema = pipe(
    fieldGroup(ADDRESS_FIELDS, addressRules(rules.billingCountryRule(shop))),
    transform(normaliseAddress),
  );
  /** A shipping address: a country the shop ships to ("Sorry, we don't ship to Canada." on countryId). */
  const shippingAddressSchema = pipe(
    fieldGroup(ADDRESS_FIELDS, addressRules(shippingCountry)),
    transform(normaliseAddress),
  );

  /** Where a cart ships, for estimates: country, state and ZIP. */
  const shippingLocationSchema = pipe(
    fieldGroup(LOCATION_FIELDS, (v) => ({
      countryId: shippingCountry,
      state: rules.stateFor(v.countryId),
      zipCode: rules.zipCodeRule(shop, v.countryId),
    })),
    transform((a) => ({
      countryId: a.countryId.toUpperCase(),
      state: a.state.toUpperCase(),
      zipCode: a.zipCode.toUpperCase(),
    })),
  );

  /**
   * A cart line as the server takes it: the sku, its finish and its quantity (up to the shop's
   * maximum). Anything else a client sends (name, price ...) is dropped: the server prices every
   * line from the catalogue.
   */
  const cartItemSchema = object({
    sku: textField(code),
    finish: optional(object({ type: textField(code), value: textField(code) })),
    qty: quantity(shop.cart.maxQuantity),
  });
  const cartItemsSchema = array(cartItemSchema, { error: CART_MESSAGES.empty }).check(
    minLength(1, CART_MESSAGES.empty),
    maxLength(MAX_ORDER_ITEMS, TOO_MANY_ITEMS),
  );

  /**
   * POST /api/order. Prices, totals, tax and shipping a client sends are dropped (unknown keys
   * are stripped): the server computes them.
   */
  const orderRequestSchema = withSameAsBilling(
    object({
      idempotencyKey: textField(idempotencyKey),
      items: cartItemsSchema,
      billing: addressSchema,
      shipping: shippingAddressSchema,
      sameAsBilling: optional(boolean()),
      shippingMethod: textField(shippingMethodRule),
      paymentMethod: textField(rules.paymentMethod),
      additionalNotes: optional(textField(notes)),
    }),
  );

  /** PATCH /api/order: the id, the token and the fields that change. */
  const orderPatchSchema = withSameAsBilling(
    object({
      id: orderIdSchema,
      token: tokenSchema,
      items: optional(cartItemsSchema),
      billing: optional(addressSchema),
      shipping: optional(shippingAddressSchema),
      sameAsBilling: optional(boolean()),
      shippingMethod: optional(textField(shippingMethodRule)),
      paymentMethod: optional(textField(rules.paymentMethod)),
      additionalNotes: optional(textField(notes)),
    }),
  );

  /** POST /api/checkout/estimate: a cart and, once known, where it ships. */
  const estimateRequestSchema = object({
    items: cartItemsSchema,
    shippingAddress: optional(shippingLocationSchema),
    shippingMethod: optional(textField(code)),
  });

  return {
    addressSchema,
    shippingAddressSchema,
    shippingLocationSchema,
    cartItemSchema,
    cartItemsSchema,
    orderRequestSchema,
    orderPatchSchema,
    estimateRequestSchema,
  };
}

export type CheckoutSchemas = ReturnType<typeof checkoutSchemas>;

const byShop = new WeakMap<ShopRules, CheckoutSchemas>();
/** The schemas of the current shop (the page's: engine/commerce/shop.ts), built once per shop. */
function currentCheckoutSchemas(): CheckoutSchemas {
  const shop = currentShop();
  let s = byShop.get(shop);
  if (!s) {
    s = checkoutSchemas(shop);
    byShop.set(shop, s);
  }
  return s;
}

/** A schema that parses with the current shop's (looked up on every parse, not once: zod's lazy() keeps the first). */
function ofCurrentShop<S extends core.$ZodType>(pick: (s: CheckoutSchemas) => S) {
  return pipe(
    unknown(),
    transform((input: unknown, ctx: Ctx): output<S> => {
      const r = safeParse(pick(currentCheckoutSchemas()), input);
      if (r.success) return r.data;
      for (const issue of r.error.issues)
        ctx.issues.push({ ...issue, input: (issue as { input?: unknown }).input } as core.$ZodRawIssue);
      return NEVER;
    }),
  );
}

/** The page's billing and shipping address schemas: the current shop's (engine/commerce/shop.ts). */
export const addressSchema = ofCurrentShop((s) => s.addressSchema);
export const shippingAddressSchema = ofCurrentShop((s) => s.shippingAddressSchema);
export type Address = output<CheckoutSchemas['addressSchema']>;
export type ShippingLocation = output<CheckoutSchemas['shippingLocationSchema']>;
export type CartItemInput = output<CheckoutSchemas['cartItemSchema']>;
export type OrderRequest = output<CheckoutSchemas['orderRequestSchema']>;
export type OrderPatch = output<CheckoutSchemas['orderPatchSchema']>;
export type EstimateRequest = output<CheckoutSchemas['estimateRequestSchema']>;

const CARD_FIELDS = ['number', 'expMonth', 'expYear', 'cvv'] as const;

/** Card fields as the direct-entry gateway takes them (the sandbox gateway's tokenizer checks them so); `now` decides which years are past. */
export function cardSchema(now: Date = new Date()) {
  return pipe(
    fieldGroup(
      CARD_FIELDS,
      () => ({ number: rules.cardNumber, expMonth: rules.expMonth, expYear: rules.expYear(now), cvv: rules.cvv }),
      rules.cardNumber('') as string,
    ),
    transform((c) => ({
      number: c.number.replace(/\s+/g, ''),
      expMonth: Number(c.expMonth),
      expYear: rules.fullYear(c.expYear),
      cvv: c.cvv,
    })),
  );
}

/** A gateway's token for a card (sandbox token, Stripe PaymentMethod id, Accept.js nonce): opaque, short, printable. */
const paymentTokenRule: Rule = (v) =>
  v === '' ? M.required : /^[A-Za-z0-9_\-.:]{1,255}$/.test(v) ? undefined : INVALID;

/** POST /api/order/pay: the order, its token and the gateway's token. Never a card. */
export function payRequestSchema() {
  return object({
    id: orderIdSchema,
    token: tokenSchema,
    paymentMethod: optional(textField(rules.paymentMethod)),
    paymentToken: textField(paymentTokenRule),
  });
}
