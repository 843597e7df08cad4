import type { Field, FormFile, Option } from '../../schemas/types/form.ts';

export type { Field, FormFile, Option };

/** Submitted or in-progress values, keyed by field name. */
export type FormValues = Record<string, unknown>;

export type HideWhen = NonNullable<Field['hideWhen']>;

/** A field that holds a value (groups are flattened away). */
export type ValueFieldType = Exclude<Field['type'], 'group'>;

/**
 * What the engine needs to know about a file: a browser `File` has these properties, and so does
 * the metadata the server stores for an upload.
 */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export interface CompiledField {
  name: string;
  type: ValueFieldType;
  /** The label used in messages: the field's label, else its humanised name. */
  label: string;
  /** Index of the step holding the field (0 for a single-step form). */
  step: number;
  /** Names of the enclosing groups, outermost first. */
  groups: string[];
  /** The field's own hideWhen and those of its enclosing groups: any match hides it. */
  conditions: HideWhen[];
  /** The field as the author wrote it. */
  def: Field;
}

export interface CompiledForm {
  name: string;
  def: FormFile;
  /** SHA-256 hex of the canonical definition (see hash.ts). */
  hash: string;
  /** Every value field in document order, groups flattened. */
  fields: CompiledField[];
  byName: ReadonlyMap<string, CompiledField>;
  /** The value fields of each step; a single-step form has one step. */
  steps: CompiledField[][];
  multiStep: boolean;
  /** The definition asks for reCAPTCHA (the site must enable it too). */
  recaptcha: boolean;
}
