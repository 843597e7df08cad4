/**
 * Renders a step's field definitions: groups as fieldsets, every value field through a
 * react-hook-form Controller (so a focus to the first error reaches each control's `ref`).
 */
import type { ChangeEvent } from 'react';
import { Controller, type Control, type ControllerRenderProps } from 'react-hook-form';
import type { CompiledField, CompiledForm, Field, FormValues, Option } from '../../../engine/forms/index.ts';
import { autocompleteFor } from '../autocomplete.ts';
import styles from '../styles.ts';
import { UI_TEXTS } from '../texts.ts';
import { FileControl } from './file-field.tsx';
import { Cell, describedBy, ErrorText, idsFor, LabelText, placeholderOf, type FieldIds } from './frame.tsx';
import { useGeoOptions } from './use-geo-options.ts';

export interface FieldEnv {
  compiled: CompiledForm;
  control: Control<FormValues>;
  /** Prefix of every id in this form (from useId). */
  formId: string;
  values: FormValues;
  /** Hidden by hideWhen: not rendered. */
  hidden: ReadonlySet<string>;
  /** A dependsOn field whose parent is empty: shown, but disabled. */
  orphaned: ReadonlySet<string>;
}

export interface ControlProps {
  field: CompiledField;
  f: ControllerRenderProps<FormValues, string>;
  ids: FieldIds;
  error?: string;
  disabled: boolean;
  env: FieldEnv;
}

export function FieldList({ defs, env }: { defs: Field[]; env: FieldEnv }) {
  return (
    <>
      {defs.map((def) =>
        def.type === 'group' ? (
          <Group key={def.name} def={def} env={env} />
        ) : (
          <FieldView key={def.name} name={def.name} env={env} />
        ),
      )}
    </>
  );
}

function leafNames(def: Field): string[] {
  return def.type === 'group' ? (def.fields ?? []).flatMap(leafNames) : [def.name];
}

function Group({ def, env }: { def: Field; env: FieldEnv }) {
  // A group's hideWhen is inherited by its fields, so a hidden group has only hidden fields.
  if (leafNames(def).every((name) => env.hidden.has(name))) return null;
  const inner = (
    <div className={styles.grid}>
      <FieldList defs={def.fields ?? []} env={env} />
    </div>
  );
  return (
    <Cell def={def}>
      {def.label ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{def.label}</legend>
          {inner}
        </fieldset>
      ) : (
        inner
      )}
    </Cell>
  );
}

function FieldView({ name, env }: { name: string; env: FieldEnv }) {
  const field = env.compiled.byName.get(name);
  if (!field || env.hidden.has(name)) return null;
  const ids = idsFor(env.formId, name);
  return (
    <Controller
      name={name}
      control={env.control}
      render={({ field: f, fieldState }) => {
        const props: ControlProps = {
          field,
          f,
          ids,
          error: fieldState.error?.message,
          disabled: env.orphaned.has(name),
          env,
        };
        if (field.type === 'hidden')
          return <input type="hidden" name={name} value={String(f.value ?? '')} ref={f.ref} />;
        return (
          <Cell def={field.def}>
            <FieldControl {...props} />
          </Cell>
        );
      }}
    />
  );
}

function FieldControl(props: ControlProps) {
  switch (props.field.type) {
    case 'textarea':
      return <TextControl {...props} multiline />;
    case 'select':
      return props.field.def.dynamicOptions ? (
        <DynamicSelect {...props} />
      ) : (
        <SelectControl {...props} options={props.field.def.options ?? []} />
      );
    case 'checkbox':
    case 'newsletter':
      return <CheckboxControl {...props} />;
    case 'radio':
    case 'checkbox-group':
      return <ChoiceGroup {...props} />;
    case 'file':
      return <FileControl {...props} />;
    default:
      return <TextControl {...props} />;
  }
}

/** aria-invalid and aria-describedby of a control with an error (and an optional hint). */
function errorAttrs(ids: FieldIds, error: string | undefined, hint?: boolean) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && ids.hint, error && ids.error),
  } as const;
}

const INPUT_TYPE: Record<string, string> = { email: 'email', tel: 'tel' };

function TextControl({ field, f, ids, error, disabled, multiline }: ControlProps & { multiline?: boolean }) {
  const { def } = field;
  const onlyNumbers = def.onlyNumbers === true;
  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    f.onChange(onlyNumbers ? e.target.value.replace(/\D+/g, '') : e.target.value);
  const common = {
    id: ids.input,
    name: f.name,
    value: typeof f.value === 'string' || typeof f.value === 'number' ? String(f.value) : '',
    onChange,
    onBlur: f.onBlur,
    placeholder: placeholderOf(def),
    required: def.required,
    disabled,
    ...errorAttrs(ids, error),
  };
  return (
    <>
      <label htmlFor={ids.input} className={styles.label}>
        <LabelText field={field} />
      </label>
      {multiline ? (
        <textarea {...common} ref={f.ref} rows={5} className={styles.input} />
      ) : (
        <input
          {...common}
          ref={f.ref}
          // Numbers are typed as text so "Must be a number" can say what is wrong; the keyboard still fits.
          type={INPUT_TYPE[field.type] ?? 'text'}
          inputMode={onlyNumbers ? 'numeric' : field.type === 'number' ? 'decimal' : undefined}
          autoComplete={autocompleteFor(field.name)}
          className={styles.input}
        />
      )}
      <ErrorText id={ids.error} message={error} />
    </>
  );
}

function SelectControl({
  field,
  f,
  ids,
  error,
  disabled,
  options,
  status,
}: ControlProps & { options: Option[]; status?: string }) {
  const { def } = field;
  const multiple = def.multiSelect === true;
  const value = multiple
    ? Array.isArray(f.value)
      ? f.value.map(String)
      : []
    : typeof f.value === 'string'
      ? f.value
      : '';
  const loading = status === 'loading';
  return (
    <>
      <label htmlFor={ids.input} className={styles.label}>
        <LabelText field={field} />
      </label>
      <select
        id={ids.input}
        name={f.name}
        ref={f.ref}
        value={value}
        multiple={multiple}
        size={multiple ? Math.min(Math.max(options.length, 3), 8) : undefined}
        onChange={(e) => f.onChange(multiple ? Array.from(e.target.selectedOptions, (o) => o.value) : e.target.value)}
        onBlur={f.onBlur}
        required={def.required}
        disabled={disabled}
        aria-busy={loading || undefined}
        autoComplete={autocompleteFor(field.name)}
        className={styles.input}
        {...errorAttrs(ids, error, status === 'error')}
      >
        {!multiple && (
          <option value="">{loading ? UI_TEXTS.loadingOptions : (placeholderOf(def) ?? UI_TEXTS.choose)}</option>
        )}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      {status === 'error' && (
        <p id={ids.hint} className={styles.hint}>
          {UI_TEXTS.optionsFailed}
        </p>
      )}
      <ErrorText id={ids.error} message={error} />
    </>
  );
}

function DynamicSelect(props: ControlProps) {
  const { options, status } = useGeoOptions(props.env.compiled, props.field, props.env.values);
  return <SelectControl {...props} options={options} status={status} />;
}

function CheckboxControl({ field, f, ids, error, disabled }: ControlProps) {
  return (
    <>
      <div className={styles.check}>
        <input
          type="checkbox"
          id={ids.input}
          name={f.name}
          ref={f.ref}
          checked={f.value === true}
          onChange={(e) => f.onChange(e.target.checked)}
          onBlur={f.onBlur}
          required={field.def.required}
          disabled={disabled}
          className={styles.checkInput}
          {...errorAttrs(ids, error)}
        />
        <label htmlFor={ids.input} className={styles.checkLabel}>
          <LabelText field={field} />
        </label>
      </div>
      <ErrorText id={ids.error} message={error} />
    </>
  );
}

const LAYOUT_CLASS: Record<string, string | undefined> = { card: styles.cards, button: styles.buttons };

/**
 * Radios (layouts radio, button, card) and checkbox groups: native inputs in a fieldset, so the
 * arrow keys move between radio cards and the group is announced with its legend.
 */
function ChoiceGroup({ field, f, ids, error, disabled }: ControlProps) {
  const { def } = field;
  const multiple = field.type === 'checkbox-group';
  const layout = multiple ? undefined : def.layout;
  const chosen = multiple
    ? Array.isArray(f.value)
      ? f.value.map(String)
      : []
    : [typeof f.value === 'string' ? f.value : ''];
  const toggle = (value: string, on: boolean) =>
    f.onChange(multiple ? (on ? [...chosen, value] : chosen.filter((v) => v !== value)) : value);
  const options = def.options ?? [];
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-required is set only with the radiogroup role, which supports it
    <fieldset
      className={styles.choices}
      role={multiple ? undefined : 'radiogroup'}
      aria-labelledby={ids.label}
      aria-required={!multiple && def.required ? true : undefined}
      {...errorAttrs(ids, error)}
    >
      <legend id={ids.label} className={styles.label}>
        <LabelText field={field} />
      </legend>
      <div className={[styles.options, layout && LAYOUT_CLASS[layout]].filter(Boolean).join(' ')}>
        {options.map((o, i) => {
          const value = String(o.value);
          const optionId = `${ids.input}-${i}`;
          return (
            <div key={value} className={styles.option}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                id={optionId}
                name={f.name}
                value={value}
                // The first option takes the focus when the group has an error.
                ref={i === 0 ? f.ref : undefined}
                checked={chosen.includes(value)}
                onChange={(e) => toggle(value, e.target.checked)}
                onBlur={f.onBlur}
                disabled={disabled}
                // As buttons or cards the input lies over its whole box (the box shows the choice).
                className={layout && LAYOUT_CLASS[layout] ? styles.overlayInput : styles.optionInput}
                aria-describedby={describedBy(o.description && `${optionId}-desc`, error && ids.error)}
              />
              <span className={styles.optionText}>
                <label htmlFor={optionId} className={styles.optionLabel}>
                  {o.label}
                </label>
                {o.description && (
                  <span id={`${optionId}-desc`} className={styles.optionDesc}>
                    {o.description}
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
      <ErrorText id={ids.error} message={error} />
    </fieldset>
  );
}
