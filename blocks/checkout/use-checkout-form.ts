/**
 * react-hook-form over the checkout's values, validated by the engine's zod schemas (the ones the
 * order API parses with). A field is checked when the shopper leaves it; the card fields are asked
 * for only while they are shown (`withCard`, read at validation time).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type RefObject } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { emptyCheckoutValues as emptyValues, type CheckoutValues } from '../../engine/index.ts';
import { checkoutFormSchema } from './form-schema.ts';

export function useCheckoutForm(withCard: RefObject<boolean>) {
  const resolver = useMemo<Resolver<CheckoutValues>>(
    () => (values, context, options) =>
      (
        zodResolver(checkoutFormSchema(values.sameAsBilling, withCard.current) as never, undefined, {
          mode: 'sync',
          raw: true,
        }) as unknown as Resolver<CheckoutValues>
      )(values, context, options),
    [withCard],
  );
  return useForm<CheckoutValues>({
    defaultValues: emptyValues(),
    resolver,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    shouldFocusError: false,
  });
}

/** react-hook-form's nested errors as `{ "billing.zipCode": message }`. */
export function flatErrors(errors: FieldErrors, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, e] of Object.entries(errors)) {
    if (!e || typeof e !== 'object') continue;
    if (typeof (e as { message?: unknown }).message === 'string') out[prefix + k] = (e as { message: string }).message;
    else Object.assign(out, flatErrors(e as FieldErrors, `${prefix}${k}.`));
  }
  return out;
}
