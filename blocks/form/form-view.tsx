/**
 * The interactive form: react-hook-form with the engine's compiled zod schema (the same one the
 * server runs), posting each step (multi-step) or the whole form to /api/forms/{name}.
 * A chunk of its own, which index.tsx waits for; see there. The prerendered form never sends
 * itself: its method is "dialog", so a submit before this code runs goes nowhere (outside a
 * dialog such a submit does nothing), and once it runs every submit is handled here.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  clearProgress,
  compileForm,
  computeEstimate,
  ESTIMATE_TEXTS,
  estimateDocument,
  fieldsUpTo,
  firstSectionWith,
  sectionsOf,
  toDollars,
  createStepReducer,
  defaultValues,
  FORM_TEXTS,
  humanise,
  initialStepState,
  isFinished,
  isLastStep,
  loadProgress,
  MESSAGE_TIMEOUT_MS,
  RECAPTCHA_FIELD,
  resolveValues,
  saveProgress,
  schemaFor,
  submissionPayload,
  toFormData,
} from '../../engine/forms/index.ts';
import type {
  Estimate,
  FormFile,
  FormValues,
  Pricing,
  StepAction,
  StepState,
  StorageLike,
} from '../../engine/forms/index.ts';
import { renderInline, useSite } from '../../engine/index.ts';
import type { FormProps } from '../../schemas/types/blocks/form.ts';
import { FieldList, type FieldEnv } from './fields/field.tsx';
import { typedBeforeStart } from './early-input.ts';
import { downloadEstimatePdf, PdfLibraryError } from './estimator/pdf.ts';
import { PriceSummary, type Notice as PdfNotice } from './estimator/price-summary.tsx';
import { Sections } from './estimator/sections.tsx';
import { Recaptcha, type RecaptchaHandle } from './recaptcha.tsx';
import { displayValue, Review } from './review.tsx';
import styles from './styles.ts';
import { formEndpoint, postForm } from './submit.ts';
import { errorText, successTexts, UI_TEXTS } from './texts.ts';

type Notice = { kind: 'success' } | { kind: 'error'; text: string };
type Action = StepAction | { type: 'restore'; state: StepState };

/** localStorage when the browser lets us use it; saving progress is best effort. */
function storage(): StorageLike | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export type FormViewProps = FormProps;

export default function FormView(props: FormViewProps) {
  const { title, intro, headingLevel, showHeading, variant, endpoint } = props;
  const def = props.definition as unknown as FormFile;
  const compiled = useMemo(() => compileForm(def, props.definitionHash), [def, props.definitionHash]);
  const site = useSite();
  const siteKey = site.integrations.recaptchaSiteKey;
  const recaptcha = compiled.recaptcha && Boolean(siteKey);
  const formId = useId();
  const url = formEndpoint(endpoint, compiled.name);
  const stepCount = compiled.steps.length;
  // Read as the form starts in the browser, before anything it renders replaces the prerendered HTML.
  const [typed] = useState(() => typedBeforeStart(compiled.name));

  const reducer = useMemo(() => {
    const next = createStepReducer(stepCount);
    return (state: StepState, action: Action): StepState =>
      action.type === 'restore' ? action.state : next(state, action);
  }, [stepCount]);
  const [steps, dispatch] = useReducer(reducer, initialStepState);
  // Read by the resolver and the save callback, which outlive a render.
  const stepsRef = useRef(steps);
  stepsRef.current = steps;
  const move = (action: Action) => {
    stepsRef.current = reducer(stepsRef.current, action);
    dispatch(action);
  };

  // One resolver per step: Next validates only the fields of the step on screen.
  const resolver = useMemo(() => {
    const perStep = compiled.steps.map(
      (_, i) =>
        zodResolver(
          schemaFor(compiled, { step: compiled.multiStep ? i : undefined, recaptcha }) as never,
        ) as unknown as Resolver<FormValues>,
    );
    const resolve: Resolver<FormValues> = (values, context, options) =>
      perStep[stepsRef.current.step]!(values, context, options);
    return resolve;
  }, [compiled, recaptcha]);
  const defaults = useMemo(
    (): FormValues => ({ ...defaultValues(compiled), ...(recaptcha && { [RECAPTCHA_FIELD]: '' }) }),
    [compiled, recaptcha],
  );
  const {
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    getValues,
    clearErrors,
    watch,
    formState,
    trigger,
    getFieldState,
  } = useForm<FormValues>({
    resolver,
    defaultValues: defaults,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const values = useWatch({ control }) as FormValues;
  const { hidden, orphaned } = useMemo(() => resolveValues(compiled, values), [compiled, values]);

  // An estimator (spec 000 section 4): accordion and popup sections, and a price summary that
  // follows every change (hidden fields count nothing: computeEstimate cleans the values).
  const sections = useMemo(() => sectionsOf(compiled), [compiled]);
  const sectioned = sections.length > 0;
  const [openSection, setOpenSection] = useState<number | null>(0);
  const pricing = props.pricing?.fields as Pricing | undefined;
  const estimate = useMemo(
    () => (pricing ? computeEstimate(compiled, values, pricing) : undefined),
    [compiled, values, pricing],
  );
  const [pdfNotice, setPdfNotice] = useState<PdfNotice | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);

  const [notice, setNotice] = useState<Notice | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const recaptchaRef = useRef<RecaptchaHandle>(null);
  const recaptchaFocus = useRef<HTMLDivElement>(null);
  const finished = compiled.multiStep && isFinished(steps, stepCount);
  const progress = compiled.multiStep ? storage() : undefined;

  const save = useCallback(() => {
    // A finished form has nothing left to restore (its progress was cleared on success).
    if (progress && !isFinished(stepsRef.current, stepCount))
      saveProgress(progress, compiled.name, compiled.hash, stepsRef.current, getValues());
  }, [progress, compiled, getValues, stepCount]);

  /** Back to the start: step 0, default values, no saved progress. */
  const startOver = useCallback(() => {
    stepsRef.current = initialStepState;
    dispatch({ type: 'reset' });
    reset(defaults);
    recaptchaRef.current?.reset();
    if (progress) clearProgress(progress, compiled.name);
  }, [defaults, reset, progress, compiled]);

  // Restore progress saved by an earlier visit (after hydration: the server has no storage).
  useEffect(() => {
    if (!progress) return;
    const saved = loadProgress(progress, compiled.name, compiled.hash);
    if (!saved || saved.state.step >= stepCount || isFinished(saved.state, stepCount)) return;
    move({ type: 'restore', state: saved.state });
    reset({ ...defaults, ...saved.values });
  }, [compiled]); // eslint-disable-line react-hooks/exhaustive-deps

  // The form runs from here (`data-ready`); what the shopper typed into the prerendered form
  // before becomes the form's values.
  useEffect(() => {
    formRef.current?.setAttribute('data-ready', '');
    if (!typed) return;
    for (const field of compiled.fields) {
      if (!(field.name in typed) || JSON.stringify(typed[field.name]) === JSON.stringify(defaults[field.name]))
        continue;
      setValue(field.name, typed[field.name], { shouldDirty: true });
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // A shopper's change: clear the fields that follow it (dependsOn) and those it hides (hideWhen),
  // then save progress.
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
      save();
    });
    return () => sub.unsubscribe();
  }, [watch, compiled, defaults, setValue, getValues, clearErrors, save]);

  useEffect(() => {
    if (steps !== initialStepState) save();
  }, [steps, save]);

  // Messages go after 5 seconds; a finished multi-step form then starts over.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      setNotice(null);
      if (finished) startOver();
    }, MESSAGE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [notice, finished, startOver]);

  // Focus moves after React has rendered what it points to (the new step's heading, the error
  // texts a control's aria-describedby names): requested here, done in the effect below.
  const pendingFocus = useRef<(() => void) | null>(null);
  // A render to run the focus effect when nothing else changed (Next failing on the open section).
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const focus = pendingFocus.current;
    pendingFocus.current = null;
    focus?.();
  });
  const focusLater = (el: { current: HTMLElement | null }) => {
    pendingFocus.current = () => el.current?.focus();
  };
  /** Focus the first field with an error, in the order the fields appear. */
  const focusFirstError = (names: string[]) => {
    const order = [...compiled.fields.map((f) => f.name), RECAPTCHA_FIELD];
    const first = order.find((n) => names.includes(n));
    if (!first) return;
    pendingFocus.current = () => (first === RECAPTCHA_FIELD ? recaptchaFocus.current?.focus() : setFocus(first));
  };

  /** Opens the first section holding one of these fields (the one a shopper has to fix). */
  const openSectionWith = (names: string[]) => {
    const i = firstSectionWith(sections, names);
    if (i >= 0) setOpenSection(i);
  };

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    if (sectioned) openSectionWith(Object.keys(errors));
    focusFirstError(Object.keys(errors));
  };

  /** Next on section i: the fields of every section up to it must pass; then the next one opens. */
  const onNext = async (i: number) => {
    setNotice(null);
    const names = fieldsUpTo(sections, i);
    if (!(await trigger(names))) {
      const failed = names.filter((n) => getFieldState(n).invalid);
      // Touched, so the next change re-validates at once (as after a failed submit): an error
      // clearing only on blur would shift the page under the shopper's next click.
      for (const n of failed) setValue(n, getValues(n), { shouldTouch: true });
      openSectionWith(failed);
      focusFirstError(failed);
      rerender();
      return;
    }
    const next = sections[i + 1];
    setOpenSection(i + 1);
    if (next?.layout === 'popup') {
      const first = next.fields.find((n) => !hidden.has(n));
      if (first) pendingFocus.current = () => setFocus(first);
    } else {
      pendingFocus.current = () => document.getElementById(`${formId}-section-${i + 1}`)?.focus();
    }
    rerender();
  };

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

  const send = async (valid: FormValues) => {
    const step = stepsRef.current.step;
    setNotice(null);
    const payload = submissionPayload(compiled, step, valid, stepsRef.current.id, {
      recaptcha,
      recaptchaToken: String(getValues(RECAPTCHA_FIELD) ?? ''),
      ...estimateParts(estimate),
    });
    const outcome = await postForm(url, toFormData(payload));

    if (outcome.ok) {
      if (!compiled.multiStep) {
        reset(defaults);
        recaptchaRef.current?.reset();
        setNotice({ kind: 'success' });
        if (sectioned) {
          setOpenSection(0);
          focusLater(successRef);
        }
        return;
      }
      // Without an id the later steps could not be chained to this one: the form stays.
      move({ type: 'next-validated', ok: Boolean(outcome.id), responseId: outcome.id });
      if (!outcome.id) {
        setNotice({ kind: 'error', text: errorText(def) });
      } else if (isLastStep(compiled, step)) {
        if (progress) clearProgress(progress, compiled.name);
        setNotice({ kind: 'success' });
        focusLater(successRef);
      } else {
        focusLater(headingRef);
      }
      return;
    }
    if (outcome.network) {
      // Nothing reached the server: keep everything so the shopper can simply try again.
      setNotice({ kind: 'error', text: FORM_TEXTS.networkError });
      return;
    }
    const known = Object.entries(outcome.errors).filter(
      ([name]) => compiled.byName.has(name) || name === RECAPTCHA_FIELD,
    );
    for (const [name, message] of known) setError(name, { type: 'server', message });
    // Field errors on the step on screen are a validation failure: stay. Anything else is an
    // unsuccessful response: start again at step 0 without saved progress (spec 001 section 4).
    const onThisStep = known.some(([name]) => name === RECAPTCHA_FIELD || compiled.byName.get(name)?.step === step);
    if (compiled.multiStep && !onThisStep) {
      move({ type: 'server-error' });
      if (progress) clearProgress(progress, compiled.name);
    }
    // An estimator says "Failed to send email" whatever the reason (spec 000 section 8).
    setNotice({
      kind: 'error',
      text: sectioned ? (def.messages?.error ?? ESTIMATE_TEXTS.sendFailed) : errorText(def, outcome.message),
    });
    if (sectioned) openSectionWith(known.map(([name]) => name));
    focusFirstError(known.map(([name]) => name));
  };

  const onBack = () => {
    setNotice(null);
    move({ type: 'back' });
    focusLater(headingRef);
  };
  const onReset = () => {
    setNotice(null);
    setPdfNotice(null);
    startOver();
    setOpenSection(0);
  };

  // The PDF holds exactly the figures on screen: the same values and the same estimate.
  const onPdf = async () => {
    if (!estimate) return;
    setPdfNotice(null);
    setPdfBusy(true);
    try {
      await downloadEstimatePdf(estimateDocument(compiled, values, estimate, new Date(), displayValue));
      setPdfNotice({ kind: 'success', text: ESTIMATE_TEXTS.pdfOk });
    } catch (e) {
      const text =
        e instanceof PdfLibraryError
          ? ESTIMATE_TEXTS.pdfMissing
          : (e instanceof Error && e.message) || ESTIMATE_TEXTS.pdfFailed;
      setPdfNotice({ kind: 'error', text });
    } finally {
      setPdfBusy(false);
    }
  };
  useEffect(() => {
    if (!pdfNotice) return;
    const timer = setTimeout(() => setPdfNotice(null), MESSAGE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [pdfNotice]);

  const env: FieldEnv = { compiled, control, formId, values, hidden, orphaned };
  const stepDef = def.steps?.[steps.step];
  const fields = stepDef ? stepDef.fields : (def.fields ?? []);
  const last = isLastStep(compiled, steps.step);
  const busy = formState.isSubmitting;
  const success = successTexts(def);
  const formTitle = title ?? def.title;
  const formIntro = showHeading ? (intro ?? def.description) : undefined;
  const titled = showHeading && Boolean(formTitle);
  const H = `h${headingLevel}` as 'h2';
  const SubH = `h${headingLevel + 1}` as 'h3';
  const titleId = `${formId}-title`;
  const actions = stepDef?.actions;
  const resetText = actions?.reset?.text ?? def.buttons?.reset;
  const submitText = last
    ? (actions?.submit?.text ?? def.buttons?.submit ?? UI_TEXTS.submit)
    : (actions?.next?.text ?? UI_TEXTS.next);
  const recaptchaError = (formState.errors[RECAPTCHA_FIELD]?.message as string | undefined) ?? undefined;
  const sectionLevel = titled ? headingLevel + 1 : headingLevel;
  const popupOpen = openSection !== null && sections[openSection]?.layout === 'popup';
  const failing = new Set(
    Object.keys(formState.errors)
      .map((n) => sections.findIndex((sec) => sec.fields.includes(n)))
      .filter((i) => i >= 0),
  );
  const submitButton = (
    <button type="submit" className={styles.primary} disabled={busy}>
      {busy ? UI_TEXTS.sending : submitText}
    </button>
  );

  const messages = (
    <div className={styles.messages}>
      <div
        role="status"
        ref={successRef}
        tabIndex={-1}
        className={notice?.kind === 'success' ? styles.success : undefined}
      >
        {notice?.kind === 'success' &&
          (sectioned ? (
            <p className={styles.successTitle}>{def.messages?.success ?? ESTIMATE_TEXTS.sent}</p>
          ) : (
            <>
              <p className={styles.successTitle}>{success.title}</p>
              <p className={styles.successText}>{success.text}</p>
            </>
          ))}
      </div>
      <div role="alert" className={notice?.kind === 'error' ? styles.failure : undefined}>
        {notice?.kind === 'error' && <p className={styles.failureText}>{notice.text}</p>}
      </div>
    </div>
  );

  return (
    <form
      ref={formRef}
      className={[
        styles.form,
        variant === 'band' ? styles.band : styles.page,
        sectioned && styles.sectioned,
        def.className,
      ]
        .filter(Boolean)
        .join(' ')}
      onSubmit={handleSubmit(send, onInvalid)}
      method="dialog"
      data-form={compiled.name}
      noValidate
      aria-labelledby={titled ? titleId : undefined}
      aria-label={titled ? undefined : (formTitle ?? humanise(compiled.name))}
      aria-busy={busy || undefined}
    >
      {(titled || formIntro) && (
        <div className={styles.head}>
          {titled && (
            <H id={titleId} className={styles.title}>
              {formTitle}
            </H>
          )}
          {formIntro && <p className={styles.intro}>{renderInline(formIntro)}</p>}
        </div>
      )}

      {compiled.multiStep && !finished && (
        <ol className={styles.stepper} aria-label={UI_TEXTS.progress}>
          {(def.steps ?? []).map((s, i) => (
            <li
              key={i}
              className={[
                styles.stepItem,
                i === steps.step && styles.stepCurrent,
                steps.completed.includes(i) && styles.stepDone,
              ]
                .filter(Boolean)
                .join(' ')}
              aria-current={i === steps.step ? 'step' : undefined}
            >
              <span className={styles.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <span className={styles.stepName}>{s.title ?? `Step ${i + 1}`}</span>
              {steps.completed.includes(i) && <span className="jv-sr-only"> {UI_TEXTS.completed}</span>}
            </li>
          ))}
        </ol>
      )}

      {sectioned && (
        <div className={estimate ? styles.estimatorLayout : undefined}>
          <div className={styles.body}>
            <Sections
              sections={sections}
              defs={fields}
              env={env}
              open={openSection}
              failing={failing}
              headingLevel={sectionLevel}
              onToggle={(i) => setOpenSection((open) => (open === i ? null : i))}
              onNext={onNext}
              onClosePopup={() =>
                setOpenSection((open) => (open !== null && sections[open]?.layout === 'popup' ? null : open))
              }
              submit={submitButton}
              popupExtra={messages}
              busy={busy}
            />
            {!estimate && resetText && (
              <div className={styles.actions}>
                <button type="button" className={styles.secondary} onClick={onReset} disabled={busy}>
                  {resetText}
                </button>
              </div>
            )}
          </div>
          {estimate && (
            <PriceSummary
              def={def}
              estimate={estimate}
              idPrefix={formId}
              headingLevel={sectionLevel}
              onPdf={onPdf}
              onReset={onReset}
              pdfBusy={pdfBusy}
              busy={busy}
              notice={pdfNotice}
            />
          )}
        </div>
      )}

      {!finished && !sectioned && (
        <div className={[styles.body, stepDef?.className].filter(Boolean).join(' ')}>
          {stepDef && (stepDef.title || stepDef.subTitle || stepDef.description) && (
            <div className={styles.stepHead}>
              {stepDef.subTitle && <p className={styles.subTitle}>{stepDef.subTitle}</p>}
              {stepDef.title && (
                <SubH ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
                  {stepDef.title}
                </SubH>
              )}
              {stepDef.description && <p className={styles.stepDescription}>{renderInline(stepDef.description)}</p>}
            </div>
          )}
          {stepDef?.layout === 'review' && (
            <Review compiled={compiled} values={values} before={steps.step} level={headingLevel + 2} />
          )}
          <div className={styles.grid}>
            <FieldList defs={fields} env={env} />
          </div>
          {recaptcha && last && (
            <Recaptcha
              siteKey={siteKey!}
              onToken={(token) => setValue(RECAPTCHA_FIELD, token, { shouldValidate: formState.isSubmitted })}
              errorId={`${formId}-recaptcha-error`}
              error={recaptchaError}
              focusRef={recaptchaFocus}
              handle={recaptchaRef}
            />
          )}
          {stepDef?.disclaimer && <p className={styles.disclaimer}>{renderInline(stepDef.disclaimer)}</p>}
          <div className={styles.actions}>
            {compiled.multiStep && steps.step > 0 && (
              <button type="button" className={styles.secondary} onClick={onBack} disabled={busy}>
                {actions?.back?.text ?? UI_TEXTS.back}
              </button>
            )}
            {submitButton}
            {resetText && (
              <button type="button" className={styles.secondary} onClick={onReset} disabled={busy}>
                {resetText}
              </button>
            )}
          </div>
        </div>
      )}

      {!(sectioned && popupOpen) && messages}
    </form>
  );
}
