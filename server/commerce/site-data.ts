/**
 * What checkout reads from the content folder: the catalogue (catalogs/product-styles.json),
 * the shipping, tax and payment-method tables (data/*.json), and the admin addresses and the
 * commerce rules (countries, cart limit, phone rule: engine/commerce/shop.ts) of site.json. Each file is validated against its JSON Schema when it is read; the result is kept
 * and re-read when a file changes (checked at most once a second), so `joinery dev` edits apply
 * without a restart. A missing or invalid file makes checkout unavailable (503), never a 500.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type PaymentMethod,
  type ShippingMethod,
  type TaxRate,
  indexSamples,
  type SampleEntry,
  type ProductStylesFile,
  createValidator,
  type Validator,
  checkoutSchemas,
  type CheckoutSchemas,
  shopRulesOf,
  ShopRulesError,
  type ShopRules,
} from '../../engine/node.ts';
import { CACHE_DIR, PROJECT_ROOT } from '../paths.ts';

export interface CommerceData {
  /** Every sample of the catalogue by SKU. */
  samples: Map<string, SampleEntry>;
  shippingMethods: readonly ShippingMethod[];
  taxRates: readonly TaxRate[];
  paymentMethods: readonly PaymentMethod[];
  /** site.json adminEmails: the first gets the admin order e-mail, the rest are in cc. */
  adminEmails: readonly string[];
  /** site.json's commerce rules, and the request schemas built from them. */
  shop: ShopRules;
  schemas: CheckoutSchemas;
}

export class CommerceDataError extends Error {}

export const COMMERCE_FILES = {
  catalogue: { rel: 'catalogs/product-styles.json', schema: 'product-styles.schema.json' },
  shipping: { rel: 'data/shipping-methods.json', schema: 'shipping-methods.schema.json' },
  tax: { rel: 'data/tax-rates.json', schema: 'tax-rates.schema.json' },
  payments: { rel: 'data/payment-methods.json', schema: 'payment-methods.schema.json' },
  site: { rel: 'site.json', schema: undefined },
} as const;

let validator: Validator | undefined;
function schemaValidator(): Validator {
  if (!validator) {
    const schemas: Record<string, object> = {};
    for (const f of Object.values(COMMERCE_FILES))
      if (f.schema) schemas[f.schema] = JSON.parse(readFileSync(join(PROJECT_ROOT, 'schemas', f.schema), 'utf8'));
    // Compiled once per set of schemas, then loaded from the cache at each start.
    validator = createValidator(schemas, [], { cacheDir: CACHE_DIR });
  }
  return validator;
}

function readChecked<T>(siteDir: string, rel: string, schema: string | undefined): T {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(join(siteDir, rel), 'utf8'));
  } catch (e) {
    throw new CommerceDataError(`${rel}: ${(e as Error).message}`);
  }
  if (schema) {
    const errors = schemaValidator().validate(schema, value);
    if (errors.length)
      throw new CommerceDataError(
        `${rel}: ${errors[0]!.message}${errors.length > 1 ? ` (and ${errors.length - 1} more; run joinery lint)` : ''}`,
      );
  }
  return value as T;
}

export function loadCommerceData(siteDir: string): CommerceData {
  const f = COMMERCE_FILES;
  const catalogue = readChecked<ProductStylesFile>(siteDir, f.catalogue.rel, f.catalogue.schema);
  const site = readChecked<{ adminEmails?: unknown } & Parameters<typeof shopRulesOf>[0]>(
    siteDir,
    f.site.rel,
    undefined,
  );
  let shop: ShopRules;
  try {
    shop = shopRulesOf(site);
  } catch (e) {
    throw e instanceof ShopRulesError ? new CommerceDataError(`${f.site.rel}: ${e.message}`) : e;
  }
  return {
    shop,
    schemas: checkoutSchemas(shop),
    samples: indexSamples(catalogue.styles),
    shippingMethods: readChecked<{ methods: ShippingMethod[] }>(siteDir, f.shipping.rel, f.shipping.schema).methods,
    taxRates: readChecked<{ rates: TaxRate[] }>(siteDir, f.tax.rel, f.tax.schema).rates,
    paymentMethods: readChecked<{ methods: PaymentMethod[] }>(siteDir, f.payments.rel, f.payments.schema).methods,
    adminEmails: Array.isArray(site.adminEmails)
      ? site.adminEmails.filter((a): a is string => typeof a === 'string' && a.includes('@'))
      : [],
  };
}

export interface CommerceDataSource {
  /** The current data; throws CommerceDataError when a file is missing or invalid. */
  get(): CommerceData;
}

/** Cached data, re-read when a file's modification time or size changes. */
export function commerceDataSource(siteDir: string, recheckMs = 1000): CommerceDataSource {
  let cached: { data?: CommerceData; error?: CommerceDataError; stamp: string } | undefined;
  let checkedAt = 0;
  const stamp = () =>
    Object.values(COMMERCE_FILES)
      .map((f) => {
        try {
          const s = statSync(join(siteDir, f.rel));
          return `${s.mtimeMs}:${s.size}`;
        } catch {
          return 'missing';
        }
      })
      .join('|');
  return {
    get() {
      const now = Date.now();
      if (!cached || now - checkedAt >= recheckMs) {
        checkedAt = now;
        const s = stamp();
        if (!cached || cached.stamp !== s) {
          try {
            cached = { data: loadCommerceData(siteDir), stamp: s };
          } catch (e) {
            if (!(e instanceof CommerceDataError)) throw e;
            cached = { error: e, stamp: s };
          }
        }
      }
      if (cached.error) throw cached.error;
      return cached.data!;
    },
  };
}
