/**
 * Everything the form view shows and does: the compiled definition, react-hook-form with one
 * resolver per step, saved progress, the estimator's state (useFormCore), then messages, focus
 * and the handlers of its buttons (useFormBlock). The views only render it.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { compileForm, defaultValues, isFinished, RECAPTCHA_FIELD, resolveValues } from '../../engine/forms/index.ts';
import type { FormFile, FormValues, Pricing } from '../../engine/forms/index.ts';
import { useSite } from '../../engine/index.ts';
import type { FormProps } from '../../schemas/types/blocks/form.ts';
import { nextSectionHandler } from './estimator/next-section.ts';
import { useEstimator } from './estimator/use-estimator.ts';
import type { FieldEnv } from './fields/field.tsx';
import type { Notice } from './form-messages.tsx';
import type { RecaptchaHandle } from './recaptcha.tsx';
import { sendHandler } from './send.ts';
import { formEndpoint } from './submit.ts';
import { useDependentReset } from './use-dependent-reset.ts';
import { useEarlyInput } from './use-early-input.ts';
import { usePendingFocus } from './use-pending-focus.ts';
import { useSavedProgress } from './use-saved-progress.ts';
import { useStepResolver, useSteps } from './use-steps.ts';
import { useTimedNotice } from './use-timed-notice.ts';

/** The form's state: definition, steps, react-hook-form, estimator, saved progress. */
function useFormCore(props: FormProps) {
  const def = props.definition as unknown as FormFile;
  const compiled = useMemo(() => compileForm(def, props.definitionHash), [def, props.definitionHash]);
  const siteKey = useSite().integrations.recaptchaSiteKey;
  const recaptcha = compiled.recaptcha && Boolean(siteKey);
  const { steps, stepsRef, move } = useSteps(compiled.steps.length);
  const resolver = useStepResolver(compiled, recaptcha, stepsRef);
  const defaults = useMemo(
    (): FormValues => ({ ...defaultValues(compiled), ...(recaptcha && { [RECAPTCHA_FIELD]: '' }) }),
    [compiled, recaptcha],
  );
  const form = useForm<FormValues>({ resolver, defaultValues: defaults, mode: 'onTouched', shouldFocusError: false });
  const values = useWatch({ control: form.control }) as FormValues;
  const { hidden, orphaned } = useMemo(() => resolveValues(compiled, values), [compiled, values]);
  const estimator = useEstimator(compiled, values, props.pricing?.fields as Pricing | undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const recaptchaRef = useRef<RecaptchaHandle>(null);
  const { save, clear } = useSavedProgress({ compiled, steps, stepsRef, move, form, defaults });
  const { reset } = form;
  /** Back to the start: step 0, default values, no saved progress. */
  const startOver = useCallback(() => {
    move({ type: 'reset' });
    reset(defaults);
    recaptchaRef.current?.reset();
    clear();
  }, [move, reset, defaults, clear]);
  useEarlyInput(formRef, compiled, defaults, form.setValue);
  useDependentReset(compiled, defaults, form, save);
  return {
    def,
    compiled,
    siteKey,
    recaptcha,
    steps,
    stepsRef,
    move,
    defaults,
    form,
    values,
    hidden,
    orphaned,
    estimator,
    formRef,
    recaptchaRef,
    clearProgress: clear,
    startOver,
    finished: compiled.multiStep && isFinished(steps, compiled.steps.length),
  };
}

/** `endpoint`: the URL template posted to, `{name}` standing for the form's name. */
export function useFormBlock(props: FormProps, formId: string, endpoint: string) {
  const state = useFormCore(props);
  const { compiled, form, values, estimator, move } = state;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const recaptchaFocus = useRef<HTMLDivElement>(null);
  // Messages go after a few seconds; a finished multi-step form then starts over.
  const [notice, setNotice] = useTimedNotice<Notice>(state.finished ? state.startOver : undefined);
  const focus = usePendingFocus(compiled, form.setFocus, recaptchaFocus);
  const showErrors = (names: string[]) => {
    if (estimator.sectioned) estimator.openSectionWith(names);
    focus.firstError(names);
  };
  const clearNotice = () => setNotice(null);
  const core = { ...state, formId, headingRef, successRef, recaptchaFocus, focus, notice, setNotice, showErrors };
  const send = sendHandler(core, formEndpoint(endpoint, compiled.name));
  const { hidden, orphaned } = state;
  return {
    ...core,
    env: { compiled, control: form.control, formId, values, hidden, orphaned } satisfies FieldEnv,
    onSubmit: form.handleSubmit(send, (errors: FieldErrors<FormValues>) => showErrors(Object.keys(errors))),
    onNext: nextSectionHandler({ estimator, form, focus, hidden, formId, clearNotice, showErrors }),
    onBack: () => {
      clearNotice();
      move({ type: 'back' });
      focus.later(headingRef);
    },
    onReset: () => {
      clearNotice();
      estimator.setPdfNotice(null);
      state.startOver();
      estimator.setOpenSection(0);
    },
  };
}

export type FormBlock = ReturnType<typeof useFormBlock>;
