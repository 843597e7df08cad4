/** The parts every field shares: its grid cell, label texts, required mark and error line. */
import type { CSSProperties, ReactNode } from 'react';
import { renderInline } from '../../../engine/index.ts';
import type { CompiledField, Field } from '../../../engine/forms/index.ts';
import styles from '../styles.ts';

export interface FieldIds {
  input: string;
  label: string;
  error: string;
  hint: string;
  notice: string;
}

/** Ids from the form's useId() prefix: unique even with two forms sharing field names on a page. */
export function idsFor(formId: string, name: string): FieldIds {
  const base = `${formId}-${name}`;
  return {
    input: base,
    label: `${base}-label`,
    error: `${base}-error`,
    hint: `${base}-hint`,
    notice: `${base}-notice`,
  };
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

/** A field's place on the 12-column grid (one column on small screens, see the CSS). */
export function Cell({ def, children, className }: { def: Field; children: ReactNode; className?: string }) {
  const style = {
    ...(def.span && { '--span': def.span }),
    ...(def.column && { '--col': def.column }),
  } as CSSProperties;
  return (
    <div className={[styles.cell, className].filter(Boolean).join(' ')} style={style}>
      {children}
    </div>
  );
}

/** The visible label: customLabel (inline markup, e.g. a privacy link) or the label. */
export function LabelText({ field }: { field: CompiledField }) {
  const { def } = field;
  return (
    <>
      {def.customLabel ? renderInline(def.customLabel) : field.label}
      {def.required && (
        <span className={styles.required} aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  );
}

/** A required field's placeholder gets an asterisk. */
export function placeholderOf(def: Field): string | undefined {
  if (!def.placeholder) return undefined;
  return def.required ? `${def.placeholder} *` : def.placeholder;
}

export function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}
