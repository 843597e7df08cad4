/**
 * Next on an estimator's section: the fields of every section up to it must pass; then the next
 * section opens and takes the focus (a popup one: its first shown field).
 */
import type { UseFormReturn } from 'react-hook-form';
import { fieldsUpTo } from '../../../engine/forms/index.ts';
import type { FormValues } from '../../../engine/forms/index.ts';
import type { PendingFocus } from '../use-pending-focus.ts';
import type { EstimatorState } from './use-estimator.ts';

export function nextSectionHandler(ctx: {
  estimator: EstimatorState;
  form: UseFormReturn<FormValues>;
  focus: PendingFocus;
  hidden: ReadonlySet<string>;
  formId: string;
  clearNotice(): void;
  showErrors(names: string[]): void;
}) {
  const { estimator, form, focus } = ctx;
  return async (i: number) => {
    ctx.clearNotice();
    const names = fieldsUpTo(estimator.sections, i);
    if (!(await form.trigger(names))) {
      const failed = names.filter((n) => form.getFieldState(n).invalid);
      // Touched, so the next change re-validates at once (as after a failed submit): an error
      // clearing only on blur would shift the page under the shopper's next click.
      for (const n of failed) form.setValue(n, form.getValues(n), { shouldTouch: true });
      ctx.showErrors(failed);
      focus.rerender();
      return;
    }
    const next = estimator.sections[i + 1];
    estimator.setOpenSection(i + 1);
    if (next?.layout === 'popup') {
      const first = next.fields.find((n) => !ctx.hidden.has(n));
      if (first) focus.then(() => form.setFocus(first));
    } else {
      focus.then(() => document.getElementById(`${ctx.formId}-section-${i + 1}`)?.focus());
    }
    focus.rerender();
  };
}
