/** Labelled inputs and selects with their error line (aria-invalid + aria-describedby). */
import type { ChangeEvent, ReactNode, Ref } from 'react';
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

/** The label, the control and its error line: the same around an input and a select. */
function Field({
  id,
  label,
  error,
  required,
  children,
}: Pick<BaseProps, 'id' | 'label' | 'error' | 'required'> & { children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {error && (
        <p id={errorId(id)} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/** What every control carries: its name, its required and invalid states, its error line. */
const controlProps = ({ id, error, required, onBlur }: Pick<BaseProps, 'id' | 'error' | 'required' | 'onBlur'>) => ({
  id,
  name: id,
  'aria-required': required || undefined,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? errorId(id) : undefined,
  onBlur,
});

export function TextField({
  id,
  label,
  value,
  error,
  required,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  inputRef,
}: BaseProps & {
  /** react-hook-form's ref: its focus-on-error reaches the control. */
  inputRef?: Ref<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  maxLength?: number;
}) {
  return (
    <Field id={id} label={label} error={error} required={required}>
      <input
        ref={inputRef}
        {...controlProps({ id, error, required, onBlur })}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
      />
    </Field>
  );
}

export function SelectField({
  id,
  label,
  value,
  error,
  required,
  onChange,
  onBlur,
  options,
  placeholder,
  autoComplete,
  inputRef,
}: BaseProps & {
  inputRef?: Ref<HTMLSelectElement>;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <Field id={id} label={label} error={error} required={required}>
      <select
        ref={inputRef}
        {...controlProps({ id, error, required, onBlur })}
        value={value}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
