/**
 * Focus moves after React has rendered what it points to (the new step's heading, the error texts
 * a control's aria-describedby names): requested during an event, done in an effect after the
 * next render. `rerender` forces that render when nothing else changed.
 */
import { useEffect, useReducer, useRef, type RefObject } from 'react';
import type { UseFormSetFocus } from 'react-hook-form';
import { RECAPTCHA_FIELD } from '../../engine/forms/index.ts';
import type { CompiledForm, FormValues } from '../../engine/forms/index.ts';

export interface PendingFocus {
  /** Run `focus` after the next render. */
  then(focus: () => void): void;
  /** Focus this element after the next render. */
  later(el: { current: HTMLElement | null }): void;
  /** Focus the first field with an error, in the order the fields appear. */
  firstError(names: string[]): void;
  rerender(): void;
}

export function usePendingFocus(
  compiled: CompiledForm,
  setFocus: UseFormSetFocus<FormValues>,
  recaptchaFocus: RefObject<HTMLDivElement | null>,
): PendingFocus {
  const pending = useRef<(() => void) | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const focus = pending.current;
    pending.current = null;
    focus?.();
  });
  const then = (focus: () => void) => {
    pending.current = focus;
  };
  return {
    then,
    later: (el) => then(() => el.current?.focus()),
    firstError: (names) => {
      const order = [...compiled.fields.map((f) => f.name), RECAPTCHA_FIELD];
      const first = order.find((n) => names.includes(n));
      if (first) then(() => (first === RECAPTCHA_FIELD ? recaptchaFocus.current?.focus() : setFocus(first)));
    },
    rerender,
  };
}
