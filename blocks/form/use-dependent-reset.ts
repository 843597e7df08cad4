/**
 * A shopper's change clears the fields that follow it (dependsOn, transitively) and those it now
 * hides (hideWhen); then `onChange` runs (saving progress). Changes made by code clear nothing.
 */
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { resolveValues } from '../../engine/forms/index.ts';
import type { CompiledForm, FormValues } from '../../engine/forms/index.ts';

export function useDependentReset(
  compiled: CompiledForm,
  defaults: FormValues,
  form: UseFormReturn<FormValues>,
  onChange: () => void,
) {
  const { watch, setValue, getValues, clearErrors } = form;
  useEffect(() => {
    const sub = watch((_all, { name, type }) => {
      if (type === 'change' && name) {
        const queue = [name];
        while (queue.length) {
          const parent = queue.shift()!;
          for (const child of compiled.fields.filter((f) => f.def.dependsOn === parent)) {
            setValue(child.name, defaults[child.name]);
            queue.push(child.name);
          }
        }
        for (const gone of resolveValues(compiled, getValues()).hidden) {
          if (JSON.stringify(getValues(gone)) === JSON.stringify(defaults[gone])) continue;
          setValue(gone, defaults[gone]);
          clearErrors(gone);
        }
      }
      onChange();
    });
    return () => sub.unsubscribe();
  }, [watch, compiled, defaults, setValue, getValues, clearErrors, onChange]);
}
