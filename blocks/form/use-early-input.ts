/**
 * What the shopper typed into the prerendered form before its code ran: read during the first
 * render in the browser (before anything rendered replaces the prerendered HTML), put back once
 * mounted. From then on the form runs (`data-ready`).
 */
import { useEffect, useState, type RefObject } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import type { CompiledForm, FormValues } from '../../engine/forms/index.ts';
import { typedBeforeStart } from './early-input.ts';

export function useEarlyInput(
  formRef: RefObject<HTMLFormElement | null>,
  compiled: CompiledForm,
  defaults: FormValues,
  setValue: UseFormSetValue<FormValues>,
) {
  const [typed] = useState(() => typedBeforeStart(compiled.name));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form starts: what was typed before its code ran
  useEffect(() => {
    formRef.current?.setAttribute('data-ready', '');
    if (!typed) return;
    for (const field of compiled.fields) {
      if (!(field.name in typed) || JSON.stringify(typed[field.name]) === JSON.stringify(defaults[field.name]))
        continue;
      setValue(field.name, typed[field.name], { shouldDirty: true });
    }
  }, []);
}
