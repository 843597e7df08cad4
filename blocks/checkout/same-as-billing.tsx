/**
 * "Shipping address same as billing": checking it is refused for a billing country the shop does
 * not ship to, with the reason next to the box; either way the shipping fields start as a copy of
 * billing (hidden while checked, editable after).
 */
import { useId, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { notShipped, notShippedText, checkoutStyles as styles, type CheckoutValues } from '../../engine/index.ts';

export function SameAsBilling({ checked, form }: { checked: boolean; form: UseFormReturn<CheckoutValues> }) {
  const { getValues, setValue, control } = form;
  const billingCountry = useWatch({ control, name: 'billing.countryId' });
  const [refused, setRefused] = useState(false);
  const messageId = useId();
  const message = refused && notShipped(billingCountry) ? notShippedText(billingCountry) : undefined;
  return (
    <div>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="same_as_billing"
          checked={checked}
          aria-describedby={message ? messageId : undefined}
          onChange={(e) => {
            const same = e.target.checked;
            const refuse = same && notShipped(getValues('billing.countryId'));
            setRefused(refuse);
            if (refuse) return;
            setValue('shipping', { ...getValues('billing') });
            setValue('sameAsBilling', same);
          }}
        />
        Shipping address same as billing
      </label>
      <p id={messageId} className={styles.fieldError} role="status">
        {message}
      </p>
    </div>
  );
}
