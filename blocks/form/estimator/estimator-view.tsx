/**
 * An estimator: its sections (accordion or popup), and beside them the price summary with
 * Print/download and Reset (without a price list, Reset under the sections).
 */
import type { ReactNode } from 'react';
import type { Field } from '../../../engine/forms/index.ts';
import styles from '../styles.ts';
import type { FormBlock } from '../use-form-block.ts';
import { PriceSummary } from './price-summary.tsx';
import { Sections } from './sections.tsx';

interface EstimatorViewProps {
  f: FormBlock;
  fields: Field[];
  headingLevel: number;
  /** Names of the fields with an error (their sections say so). */
  errors: string[];
  submit: ReactNode;
  /** The form's messages, shown inside an open popup so the modal dialog does not hide them. */
  messages: ReactNode;
  resetText?: string;
  busy: boolean;
}

export function EstimatorView({
  f,
  fields,
  headingLevel,
  errors,
  submit,
  messages,
  resetText,
  busy,
}: EstimatorViewProps) {
  const { sections, openSection, setOpenSection, estimate } = f.estimator;
  const failing = new Set(errors.map((n) => sections.findIndex((sec) => sec.fields.includes(n))).filter((i) => i >= 0));
  return (
    <div className={estimate ? styles.estimatorLayout : undefined}>
      <div className={styles.body}>
        <Sections
          sections={sections}
          defs={fields}
          env={f.env}
          open={openSection}
          failing={failing}
          headingLevel={headingLevel}
          onToggle={(i) => setOpenSection((open) => (open === i ? null : i))}
          onNext={f.onNext}
          onClosePopup={() =>
            setOpenSection((open) => (open !== null && sections[open]?.layout === 'popup' ? null : open))
          }
          submit={submit}
          popupExtra={messages}
          busy={busy}
        />
        {!estimate && resetText && (
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={f.onReset} disabled={busy}>
              {resetText}
            </button>
          </div>
        )}
      </div>
      {estimate && (
        <PriceSummary
          def={f.def}
          estimate={estimate}
          idPrefix={f.formId}
          headingLevel={headingLevel}
          onPdf={f.estimator.onPdf}
          onReset={f.onReset}
          pdfBusy={f.estimator.pdfBusy}
          busy={busy}
          notice={f.estimator.pdfNotice}
        />
      )}
    </div>
  );
}
