/**
 * An estimator's sections: top-level groups shown as accordion sections or
 * in a popup dialog. Every section stays in the DOM (closed ones hidden), so react-hook-form
 * keeps each control registered and the prerendered page holds the whole form. Each section's
 * fields hydrate in a task of their own (Later): the estimator is not one long task on a phone.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { Field, FormSection } from '../../../engine/forms/index.ts';
import { Later } from '../../../engine/index.ts';
import { FieldList, type FieldEnv } from '../fields/field.tsx';
import styles from '../styles.ts';
import { UI_TEXTS } from '../texts.ts';

export interface SectionsProps {
  sections: FormSection[];
  defs: Field[];
  env: FieldEnv;
  open: number | null;
  /** Sections holding a field with an error (their headers say so). */
  failing: ReadonlySet<number>;
  headingLevel: number;
  onToggle(index: number): void;
  onNext(index: number): void;
  /** The dialog was closed (Esc or its Close button). */
  onClosePopup(): void;
  /** The last section's button (the form's submit) and what shows next to it. */
  submit: ReactNode;
  /** Rendered inside the open popup (form messages), so a modal dialog does not hide them. */
  popupExtra?: ReactNode;
  busy: boolean;
}

export function Sections(props: SectionsProps) {
  const { sections, defs, env, open, headingLevel } = props;
  const H = `h${Math.min(headingLevel, 6)}` as 'h3';
  return (
    <div className={styles.sections}>
      {sections.map((section, i) => {
        const def = defs.find((d) => d.name === section.name);
        const fields = def?.fields ?? [];
        const ids = { header: `${env.formId}-section-${i}`, panel: `${env.formId}-section-${i}-panel` };
        const last = i === sections.length - 1;
        const action = last ? (
          props.submit
        ) : (
          <button type="button" className={styles.primary} onClick={() => props.onNext(i)} disabled={props.busy}>
            {UI_TEXTS.next}
          </button>
        );
        const header = (
          <H className={styles.sectionHeading}>
            <button
              type="button"
              id={ids.header}
              className={styles.sectionToggle}
              aria-expanded={section.layout === 'accordion' ? open === i : undefined}
              aria-haspopup={section.layout === 'popup' ? 'dialog' : undefined}
              aria-controls={ids.panel}
              onClick={() => props.onToggle(i)}
            >
              <span className={styles.sectionNumber} aria-hidden="true">
                {i + 1}
              </span>
              <span className={styles.sectionTitle}>{section.title}</span>
              {props.failing.has(i) && <span className={styles.sectionError}>{UI_TEXTS.sectionHasErrors}</span>}
            </button>
          </H>
        );
        if (section.layout === 'popup')
          return (
            <section key={section.name} className={styles.section}>
              {header}
              <Popup
                id={ids.panel}
                title={section.title}
                open={open === i}
                onClose={props.onClosePopup}
                headingLevel={headingLevel}
              >
                <Later>
                  <div className={styles.grid}>
                    <FieldList defs={fields} env={env} />
                  </div>
                </Later>
                {open === i && props.popupExtra}
                <div className={styles.actions}>{action}</div>
              </Popup>
            </section>
          );
        return (
          <section key={section.name} className={styles.section}>
            {header}
            {/* biome-ignore lint/a11y/useSemanticElements: an accordion panel is a region named by its header's button; a section would need a heading of its own */}
            <div
              id={ids.panel}
              role="region"
              aria-labelledby={ids.header}
              className={styles.sectionPanel}
              hidden={open !== i}
            >
              <Later>
                <div className={styles.grid}>
                  <FieldList defs={fields} env={env} />
                </div>
              </Later>
              <div className={styles.actions}>{action}</div>
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** A modal dialog (the native one: focus stays inside, Esc closes it, the page behind is inert). */
function Popup({
  id,
  title,
  open,
  onClose,
  headingLevel,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onClose(): void;
  headingLevel: number;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Opened in its own effect, which runs before the form's (a child's effects run first): the
  // form's effect that then focuses the popup's first field finds it shown.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const H = `h${Math.min(headingLevel, 6)}` as 'h3';
  return (
    <dialog ref={ref} id={id} className={styles.dialog} aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className={styles.dialogHead}>
        <H id={`${id}-title`} className={styles.dialogTitle}>
          {title}
        </H>
        <button type="button" className={styles.dialogClose} onClick={onClose} aria-label={UI_TEXTS.close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {children}
    </dialog>
  );
}
