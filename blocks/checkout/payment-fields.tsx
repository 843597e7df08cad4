/**
 * The checkout's payment section: the methods the server offers, and the one payment form bound
 * to the checkout's form state (react-hook-form). The card never goes to the shop's API.
 */
import { useEffect, useState, type Ref } from 'react';
import { Controller, useController, useFormContext, useFormState } from 'react-hook-form';
import {
  callApi,
  defaultPaymentMethod,
  enabledMethods,
  PaymentForm,
  type CardBinder,
  type CheckoutValues,
  type HostedHandle,
  type PaymentGateway,
  type PaymentMethodInfo,
} from '../../engine/index.ts';
import { LOADING_TEXT } from './texts.ts';

/** testMode: the server pays through a gateway that takes no real payment (the sandbox). */
export type PaymentMethodsState =
  | { status: 'loading' }
  | { status: 'ready'; methods: PaymentMethodInfo[]; testMode: boolean };

/** The methods the server offers for a sample order; `onDefault` gets the enabled default, else the first. */
export function usePaymentMethods(onDefault: (name: string) => void): PaymentMethodsState {
  const [methods, setMethods] = useState<PaymentMethodsState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the methods are asked for once, on mount
  useEffect(() => {
    let live = true;
    void callApi<{ paymentMethods?: unknown; testMode?: boolean }>(
      '/api/payment-methods?scope=sample-order',
      'GET',
    ).then((r) => {
      if (!live) return;
      const list = r.status === 200 ? enabledMethods(r.body.paymentMethods) : [];
      setMethods({ status: 'ready', methods: list, testMode: list.length > 0 && r.body.testMode === true });
      const chosen = defaultPaymentMethod(list);
      if (chosen) onDefault(chosen.name);
    });
    return () => {
      live = false;
    };
  }, []);
  return methods;
}

export function PaymentFields({
  uid,
  methods,
  gateway,
  hostedErrors,
  onHostedChange,
  hosted,
}: {
  uid: string;
  methods: PaymentMethodsState;
  gateway: PaymentGateway;
  /** The hosted fields' errors ("hosted.cardNumber" ...): no control of ours holds them. */
  hostedErrors: Record<string, string>;
  onHostedChange: (key: string) => void;
  hosted: Ref<HostedHandle | null>;
}) {
  const { control, clearErrors } = useFormContext<CheckoutValues>();
  const { field: method } = useController({ control, name: 'paymentMethod' });
  const methodError = useFormState({ control, name: 'paymentMethod' }).errors.paymentMethod?.message;
  // A change takes the field's error away; leaving a typed field checks it again (mode onBlur).
  const bindCard: CardBinder = (f, input) => (
    <Controller
      name={`card.${f}`}
      control={control}
      render={({ field, fieldState }) =>
        input({
          value: field.value,
          error: fieldState.error?.message,
          inputRef: field.ref,
          onChange: (x) => {
            field.onChange(x);
            clearErrors(field.name);
          },
          onBlur: field.onBlur,
        })
      }
    />
  );
  return (
    <PaymentForm
      uid={uid}
      methods={methods.status === 'ready' ? methods.methods : []}
      testMode={methods.status === 'ready' && methods.testMode}
      chosen={method.value}
      onChoose={(name) => {
        method.onChange(name);
        clearErrors('paymentMethod');
      }}
      methodRef={method.ref}
      methodError={methodError}
      gateway={gateway}
      bindCard={bindCard}
      hostedErrors={hostedErrors}
      onHostedChange={onHostedChange}
      hostedHandle={hosted}
      loadingText={LOADING_TEXT}
    />
  );
}
