/**
 * A single form, or the step on screen of a multi-step form: its heading, a review of the steps
 * before (a `review` step), the fields, reCAPTCHA on the last step, and Back, submit and Reset.
 */
import type { ReactNode } from 'react';
import { isLastStep, RECAPTCHA_FIELD, type Field } from '../../engine/forms/index.ts';
import { renderInline } from '../../engine/index.ts';
import { FieldList } from './fields/field.tsx';
import { Recaptcha } from './recaptcha.tsx';
import { Review } from './review.tsx';
import styles from './styles.ts';
import { UI_TEXTS } from './texts.ts';
import type { FormBlock } from './use-form-block.ts';

type Step = NonNullable<FormBlock['def']['steps']>[number];

interface StepViewProps {
  f: FormBlock;
  step?: Step;
  fields: Field[];
  headingLevel: number;
  recaptchaError?: string;
  submit: ReactNode;
  resetText?: string;
  busy: boolean;
}

export function StepView({ f, step, fields, headingLevel, recaptchaError, submit, resetText, busy }: StepViewProps) {
  const { compiled, formId, form } = f;
  return (
    <div className={[styles.body, step?.className].filter(Boolean).join(' ')}>
      {step && (step.title || step.subTitle || step.description) && (
        <StepHead step={step} level={headingLevel + 1} headingRef={f.headingRef} />
      )}
      {step?.layout === 'review' && (
        <Review compiled={compiled} values={f.values} before={f.steps.step} level={headingLevel + 2} />
      )}
      <div className={styles.grid}>
        <FieldList defs={fields} env={f.env} />
      </div>
      {f.recaptcha && isLastStep(compiled, f.steps.step) && (
        <Recaptcha
          siteKey={f.siteKey!}
          onToken={(token) => form.setValue(RECAPTCHA_FIELD, token, { shouldValidate: form.formState.isSubmitted })}
          errorId={`${formId}-recaptcha-error`}
          error={recaptchaError}
          focusRef={f.recaptchaFocus}
          handle={f.recaptchaRef}
        />
      )}
      {step?.disclaimer && <p className={styles.disclaimer}>{renderInline(step.disclaimer)}</p>}
      <div className={styles.actions}>
        {compiled.multiStep && f.steps.step > 0 && (
          <button type="button" className={styles.secondary} onClick={f.onBack} disabled={busy}>
            {step?.actions?.back?.text ?? UI_TEXTS.back}
          </button>
        )}
        {submit}
        {resetText && (
          <button type="button" className={styles.secondary} onClick={f.onReset} disabled={busy}>
            {resetText}
          </button>
        )}
      </div>
    </div>
  );
}

function StepHead({ step, level, headingRef }: { step: Step; level: number; headingRef: FormBlock['headingRef'] }) {
  const H = `h${level}` as 'h3';
  return (
    <div className={styles.stepHead}>
      {step.subTitle && <p className={styles.subTitle}>{step.subTitle}</p>}
      {step.title && (
        <H ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {step.title}
        </H>
      )}
      {step.description && <p className={styles.stepDescription}>{renderInline(step.description)}</p>}
    </div>
  );
}
