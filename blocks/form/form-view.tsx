/**
 * The interactive form: react-hook-form with the engine's compiled zod schema (the same one the
 * server runs), posting each step (multi-step) or the whole form to /api/forms/{name}.
 * A chunk of its own, which index.tsx waits for; see there. The prerendered form never sends
 * itself: its method is "dialog", so a submit before this code runs goes nowhere (outside a
 * dialog such a submit does nothing), and once it runs every submit is handled here.
 */
import { useId } from 'react';
import { humanise, isLastStep, RECAPTCHA_FIELD } from '../../engine/forms/index.ts';
import type { FormProps } from '../../schemas/types/blocks/form.ts';
import { EstimatorView } from './estimator/estimator-view.tsx';
import { FormHead } from './form-head.tsx';
import { FormMessages } from './form-messages.tsx';
import { StepView } from './step-view.tsx';
import { Stepper } from './stepper.tsx';
import styles from './styles.ts';
import { UI_TEXTS } from './texts.ts';
import { useFormBlock } from './use-form-block.ts';

export type FormViewProps = FormProps;

/** The form in one of its modes: a single form, a multi-step form, or an estimator (sections). */
export default function FormView(props: FormViewProps) {
  const { title, intro, headingLevel, showHeading, variant, endpoint } = props;
  const formId = useId();
  const f = useFormBlock(props, formId, endpoint);
  const { def, compiled, estimator, finished } = f;
  const { sectioned, sections, openSection } = estimator;
  const { errors, isSubmitting: busy } = f.form.formState;
  const step = def.steps?.[f.steps.step];
  const fields = step ? step.fields : (def.fields ?? []);
  const formTitle = title ?? def.title;
  const formIntro = showHeading ? (intro ?? def.description) : undefined;
  const titled = showHeading && Boolean(formTitle);
  const titleId = `${formId}-title`;
  const resetText = step?.actions?.reset?.text ?? def.buttons?.reset;
  const submitText = isLastStep(compiled, f.steps.step)
    ? (step?.actions?.submit?.text ?? def.buttons?.submit ?? UI_TEXTS.submit)
    : (step?.actions?.next?.text ?? UI_TEXTS.next);
  const popupOpen = openSection !== null && sections[openSection]?.layout === 'popup';
  const submit = (
    <button type="submit" className={styles.primary} disabled={busy}>
      {busy ? UI_TEXTS.sending : submitText}
    </button>
  );
  const messages = <FormMessages def={def} notice={f.notice} estimator={sectioned} successRef={f.successRef} />;
  const shared = { f, fields, submit, resetText, busy };
  return (
    <form
      ref={f.formRef}
      className={[
        styles.form,
        variant === 'band' ? styles.band : styles.page,
        sectioned && styles.sectioned,
        def.className,
      ]
        .filter(Boolean)
        .join(' ')}
      onSubmit={f.onSubmit}
      method="dialog"
      data-form={compiled.name}
      noValidate
      aria-labelledby={titled ? titleId : undefined}
      aria-label={titled ? undefined : (formTitle ?? humanise(compiled.name))}
      aria-busy={busy || undefined}
    >
      {(titled || formIntro) && (
        <FormHead
          title={titled ? formTitle : undefined}
          titleId={titleId}
          intro={formIntro}
          headingLevel={headingLevel}
        />
      )}
      {compiled.multiStep && !finished && <Stepper steps={def.steps ?? []} state={f.steps} />}
      {sectioned && (
        <EstimatorView
          {...shared}
          headingLevel={titled ? headingLevel + 1 : headingLevel}
          errors={Object.keys(errors)}
          messages={messages}
        />
      )}
      {!finished && !sectioned && (
        <StepView
          {...shared}
          step={step}
          headingLevel={headingLevel}
          recaptchaError={(errors[RECAPTCHA_FIELD]?.message as string | undefined) ?? undefined}
        />
      )}
      {!(sectioned && popupOpen) && messages}
    </form>
  );
}
