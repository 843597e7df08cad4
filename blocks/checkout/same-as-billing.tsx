/**
 * "Shipping address same as billing": checking it is refused for a billing country the shop does
 * not ship to; either way the shipping fields start as a copy of billing (hidden while checked,
 * editable after).
 */
import type { UseFormReturn } from 'react-hook-form';
import { notShipped, US_ONLY, checkoutStyles as styles, type CheckoutValues } from '../../engine/index.ts';

export function SameAsBilling({ checked, form }: { checked: boolean; form: UseFormReturn<CheckoutValues> }) {
  const { getValues, setValue } = form;
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        name="same_as_billing"
        checked={checked}
        onChange={(e) => {
          const same = e.target.checked;
          if (same && notShipped(getValues('billing.countryId'))) {
            window.alert(US_ONLY);
            return;
          }
          setValue('shipping', { ...getValues('billing') });
          setValue('sameAsBilling', same);
        }}
      />
      Shipping address same as billing
    </label>
  );
}
