import type { CompiledField, CompiledForm, FileLike, FormValues, HideWhen } from './types.ts';

/**
 * The value of every field after the form's own logic: hideWhen hides a field, and a dependsOn
 * field whose parent is empty is orphaned. Neither is required nor validated, and both lose their
 * value. Values are also coerced to the shape of their field, so the server stores the same
 * shapes whatever a client sent, and unknown keys are dropped.
 */
export interface ResolvedValues {
  hidden: Set<string>;
  orphaned: Set<string>;
  /** Known, active fields only, coerced to their field's shape. */
  values: FormValues;
}

const UNCHECKED = new Set(['', 'false', 'off', '0', 'no']);

/**
 * A checkbox's value as a boolean. Browsers send "on" (or the input's value attribute) for a
 * checked box and nothing for an unchecked one; react-hook-form gives true/false or that value.
 */
export function isChecked(value: unknown): boolean {
  if (typeof value === 'string') return !UNCHECKED.has(value.trim().toLowerCase());
  return value === true || value === 1;
}

/** Empty for "required" and for dependsOn parents: nothing typed, nothing chosen, unchecked. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function isFileLike(value: unknown): value is FileLike {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.size === 'number' && typeof v.type === 'string';
}

/** NaN is what a cleared number input gives react-hook-form with valueAsNumber: treat it as empty. */
function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value)) || typeof value === 'boolean';
}

/** Arrays as they are; a FileList or other iterable as an array; anything else as a list of one. */
function toList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null && Symbol.iterator in value)
    return Array.from(value as Iterable<unknown>);
  return [value];
}

/** Single-line inputs are stored trimmed (an address with a trailing space would not deliver). */
const TRIMMED = new Set(['text', 'email', 'tel', 'number', 'hidden']);

/** Whether a field takes a list of values. */
function isListField(field: CompiledField): boolean {
  return (
    field.type === 'checkbox-group' ||
    field.type === 'file' ||
    (field.type === 'select' && field.def.multiSelect === true)
  );
}

/** Coerces a raw value to its field's shape; `undefined` when nothing usable is left. */
function coerceValue(field: CompiledField, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (field.type === 'checkbox' || field.type === 'newsletter') return isChecked(value);
  // File objects are kept as they are (the browser still has to upload them).
  if (field.type === 'file') return toList(value).filter(isFileLike);
  if (isListField(field)) return toList(value).filter(isScalar).map(String);
  if (!isScalar(value)) return undefined;
  return TRIMMED.has(field.type) ? String(value).trim() : String(value);
}

/** Values a hideWhen compares: strings, one per chosen item; an empty scalar compares as "". */
function comparable(field: CompiledField | undefined, value: unknown): string[] {
  if (field && (field.type === 'checkbox' || field.type === 'newsletter')) return [String(isChecked(value))];
  if (Array.isArray(value)) return value.filter(isScalar).map(String);
  return [isScalar(value) ? String(value) : ''];
}

function conditionMatches(compiled: CompiledForm, condition: HideWhen, values: FormValues): boolean {
  const wanted = (Array.isArray(condition.equals) ? condition.equals : [condition.equals]).map(String);
  return comparable(compiled.byName.get(condition.field), values[condition.field]).some((v) => wanted.includes(v));
}

/**
 * Hiding one field can clear the value another condition reads, so this repeats until nothing
 * changes (cycles are a lint error; the pass limit only guarantees the loop ends).
 */
export function resolveValues(compiled: CompiledForm, raw: FormValues): ResolvedValues {
  const coerced: FormValues = {};
  for (const field of compiled.fields) {
    const value = coerceValue(field, raw[field.name]);
    if (value !== undefined) coerced[field.name] = value;
  }
  let hidden = new Set<string>();
  let orphaned = new Set<string>();
  let values = coerced;
  for (let pass = 0; pass <= compiled.fields.length; pass++) {
    const nextHidden = new Set<string>();
    const nextOrphaned = new Set<string>();
    for (const field of compiled.fields) {
      if (field.conditions.some((c) => conditionMatches(compiled, c, values))) nextHidden.add(field.name);
      else if (field.def.dependsOn && isEmpty(values[field.def.dependsOn])) nextOrphaned.add(field.name);
    }
    const stable = sameSet(nextHidden, hidden) && sameSet(nextOrphaned, orphaned);
    hidden = nextHidden;
    orphaned = nextOrphaned;
    values = Object.fromEntries(Object.entries(coerced).filter(([name]) => !hidden.has(name) && !orphaned.has(name)));
    if (stable) break;
  }
  return { hidden, orphaned, values };
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/** The values to store or send: hidden and orphaned fields cleared, unknown fields dropped. */
export function cleanValues(compiled: CompiledForm, values: FormValues): FormValues {
  return resolveValues(compiled, values).values;
}

/** The names of the fields hideWhen hides for these values (the renderer leaves them out). */
export function hiddenFields(compiled: CompiledForm, values: FormValues): Set<string> {
  return resolveValues(compiled, values).hidden;
}

/** Initial values for a form (react-hook-form's defaultValues): value, else defaultValue, else empty. */
export function defaultValues(compiled: CompiledForm): FormValues {
  const out: FormValues = {};
  for (const field of compiled.fields) {
    // A checkbox's `value` is what it sends when checked, not whether it starts checked.
    if (field.type === 'checkbox' || field.type === 'newsletter') {
      out[field.name] = isChecked(field.def.defaultValue ?? false);
      continue;
    }
    const given = field.def.value ?? field.def.defaultValue;
    out[field.name] = given !== undefined ? given : isListField(field) ? [] : '';
  }
  return out;
}
