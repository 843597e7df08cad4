/** Labelled inputs and selects with their error line (aria-invalid + aria-describedby). */
import type { ChangeEvent, Ref } from 'react';
import styles from './checkout.module.css';

interface BaseProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

const errorId = (id: string) => `${id}-error`;

function ErrorLine({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={errorId(id)} className={styles.fieldError}>
      {error}
    </p>
  ) : null;
}

export function TextField({ id, label, value, error, required, onChange, onBlur, type = 'text', autoComplete, inputMode, maxLength, inputRef }: BaseProps & {
  /** react-hook-form's ref: its focus-on-error reaches the control. */
  inputRef?: Ref<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  maxLength?: number;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(id) : undefined}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <ErrorLine id={id} error={error} />
    </div>
  );
}

export function SelectField({ id, label, value, error, required, onChange, onBlur, options, placeholder, autoComplete, inputRef }: BaseProps & {
  inputRef?: Ref<HTMLSelectElement>;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select
        ref={inputRef}
        id={id}
        name={id}
        value={value}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(id) : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorLine id={id} error={error} />
    </div>
  );
}
