/**
 * The checkout form's zod schema, made of the engine's (the ones the order API parses with), so
 * the page shows the server's messages before a request is made. A file of its own: only the
 * lazily loaded form imports zod's parser (the quote payment page's card fields use the rules).
 */
import { object, unknown } from 'zod/mini';
import {
  addressSchema,
  cardSchema,
  checkoutRules as rules,
  issuesToErrors,
  shippingAddressSchema,
  textField,
  type CheckoutValues,
} from '../../engine/index.ts';

/**
 * With same-as-billing the billing address is where the order ships (US only) and the shipping
 * fields are not asked; the card only when its fields are shown. Given to react-hook-form's resolver.
 */
export function checkoutFormSchema(sameAsBilling: boolean, withCard: boolean, now = new Date()) {
  return object({
    billing: sameAsBilling ? shippingAddressSchema : addressSchema,
    shipping: sameAsBilling ? unknown() : shippingAddressSchema,
    paymentMethod: textField(rules.paymentMethod),
    card: withCard ? cardSchema(now) : unknown(),
  });
}

/** Every field's message at once, keyed as the API's ("billing.zipCode", "card.cvv"). */
export function validate(v: CheckoutValues, withCard: boolean, now = new Date()): Record<string, string> {
  const r = checkoutFormSchema(v.sameAsBilling, withCard, now).safeParse(v);
  return r.success ? {} : issuesToErrors(r.error.issues);
}
