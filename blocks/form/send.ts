/**
 * A valid submit: post the step on screen (multi-step) or the whole form, then act on the answer.
 * Success resets a single form and moves a multi-step one on; field errors stay on their fields;
 * a network failure keeps everything; any other failure sends a multi-step form back to step 0.
 */
import type { RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  ESTIMATE_TEXTS,
  FORM_TEXTS,
  isLastStep,
  RECAPTCHA_FIELD,
  submissionPayload,
  toDollars,
  toFormData,
} from '../../engine/forms/index.ts';
import type { CompiledForm, Estimate, FormFile, FormValues, StepState } from '../../engine/forms/index.ts';
import type { Notice } from './form-messages.tsx';
import type { RecaptchaHandle } from './recaptcha.tsx';
import { postForm, type SubmitOutcome } from './submit.ts';
import { errorText } from './texts.ts';
import type { EstimatorState } from './estimator/use-estimator.ts';
import type { PendingFocus } from './use-pending-focus.ts';
import type { StepMove } from './use-steps.ts';

interface SendContext {
  def: FormFile;
  compiled: CompiledForm;
  recaptcha: boolean;
  stepsRef: RefObject<StepState>;
  move(action: StepMove): void;
  form: UseFormReturn<FormValues>;
  defaults: FormValues;
  estimator: Pick<EstimatorState, 'estimate' | 'sectioned' | 'setOpenSection'>;
  recaptchaRef: RefObject<RecaptchaHandle | null>;
  successRef: RefObject<HTMLDivElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  focus: PendingFocus;
  setNotice(notice: Notice | null): void;
  clearProgress(): void;
  /** Opens the section holding the first of these fields and focuses it. */
  showErrors(names: string[]): void;
}

/** The estimate's display figures, sent along for the shop's e-mail (the server recomputes it). */
const estimateParts = (e: Estimate | undefined) =>
  e && {
    totalPrice: { product: toDollars(e.product), labor: toDollars(e.labor), total: toDollars(e.total) },
    summaryRows: e.rows.map((r) => ({
      field: r.field,
      label: r.label,
      value: r.value,
      product: toDollars(r.product),
      labor: toDollars(r.labor),
    })),
  };

export function sendHandler(ctx: SendContext, url: string) {
  return async (valid: FormValues) => {
    const { compiled, stepsRef } = ctx;
    const step = stepsRef.current.step;
    ctx.setNotice(null);
    const payload = submissionPayload(compiled, step, valid, stepsRef.current.id, {
      recaptcha: ctx.recaptcha,
      recaptchaToken: String(ctx.form.getValues(RECAPTCHA_FIELD) ?? ''),
      ...estimateParts(ctx.estimator.estimate),
    });
    const outcome = await postForm(url, toFormData(payload));
    if (outcome.ok) sent(ctx, step, outcome.id);
    // Nothing reached the server: keep everything so the shopper can simply try again.
    else if (outcome.network) ctx.setNotice({ kind: 'error', text: FORM_TEXTS.networkError });
    else refused(ctx, step, outcome);
  };
}

function sent(ctx: SendContext, step: number, id: string | undefined) {
  const { compiled, setNotice, focus } = ctx;
  if (!compiled.multiStep) {
    ctx.form.reset(ctx.defaults);
    ctx.recaptchaRef.current?.reset();
    setNotice({ kind: 'success' });
    if (ctx.estimator.sectioned) {
      ctx.estimator.setOpenSection(0);
      focus.later(ctx.successRef);
    }
    return;
  }
  // Without an id the later steps could not be chained to this one: the form stays.
  ctx.move({ type: 'next-validated', ok: Boolean(id), responseId: id });
  if (!id) {
    setNotice({ kind: 'error', text: errorText(ctx.def) });
  } else if (isLastStep(compiled, step)) {
    ctx.clearProgress();
    setNotice({ kind: 'success' });
    focus.later(ctx.successRef);
  } else {
    focus.later(ctx.headingRef);
  }
}

function refused(ctx: SendContext, step: number, outcome: Extract<SubmitOutcome, { network: false }>) {
  const { compiled, def } = ctx;
  const known = Object.entries(outcome.errors).filter(
    ([name]) => compiled.byName.has(name) || name === RECAPTCHA_FIELD,
  );
  for (const [name, message] of known) ctx.form.setError(name, { type: 'server', message });
  // Field errors on the step on screen are a validation failure: stay. Anything else is an
  // unsuccessful response: start again at step 0 without saved progress.
  const onThisStep = known.some(([name]) => name === RECAPTCHA_FIELD || compiled.byName.get(name)?.step === step);
  if (compiled.multiStep && !onThisStep) {
    ctx.move({ type: 'server-error' });
    ctx.clearProgress();
  }
  // An estimator says "Failed to send email" whatever the reason.
  ctx.setNotice({
    kind: 'error',
    text: ctx.estimator.sectioned
      ? (def.messages?.error ?? ESTIMATE_TEXTS.sendFailed)
      : errorText(def, outcome.message),
  });
  ctx.showErrors(known.map(([name]) => name));
}
