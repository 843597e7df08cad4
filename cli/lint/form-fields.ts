/**
 * The fields of every form file, for the form rules: each field and group in document order
 * (steps and groups flattened) with its JSON Pointer, read leniently (the schema rule reports
 * shapes; these rules look only at what is there).
 */
import type { JsonFile } from '../../engine/lint.ts';
import type { LintContext } from './context.ts';
import { isObj, list, str, type Obj } from './values.ts';

export interface FormEntry {
  name: string;
  type: string | undefined;
  /** JSON Pointer of the field object in its file. */
  pointer: string;
  def: Obj;
  /** Index of its step (0 for a single-step form). */
  step: number;
  /** Enclosing groups, outermost first. */
  groups: FormEntry[];
}

export interface FormInfo {
  rel: string;
  value: Obj;
  /** Every field and group that has a name. */
  entries: FormEntry[];
}

function collect(fields: unknown, base: string, step: number, groups: FormEntry[], out: FormEntry[]) {
  list(fields).forEach((f, i) => {
    if (!isObj(f)) return;
    const pointer = `${base}/${i}`;
    const name = str(f.name);
    const entry: FormEntry | undefined =
      name === undefined ? undefined : { name, type: str(f.type), pointer, def: f, step, groups };
    if (entry) out.push(entry);
    if (f.type === 'group') collect(f.fields, `${pointer}/fields`, step, entry ? [...groups, entry] : groups, out);
  });
}

/** Visits every parsed form file under forms/. */
export function forEachForm(ctx: LintContext, visit: (form: FormInfo) => void) {
  for (const file of ctx.site.files.values()) formOf(file, visit);
}

/** Visits the file when it is a parsed form file. */
export function formOf(file: JsonFile, visit: (form: FormInfo) => void) {
  if (!file.rel.startsWith('forms/') || !isObj(file.value)) return;
  const value = file.value;
  const entries: FormEntry[] = [];
  if (Array.isArray(value.steps))
    value.steps.forEach((s, i) => {
      if (isObj(s)) collect(s.fields, `/steps/${i}/fields`, i, [], entries);
    });
  else collect(value.fields, '/fields', 0, [], entries);
  visit({ rel: file.rel, value, entries });
}

/** `field "email"` or `group "address"`, for messages. */
export const describeEntry = (e: FormEntry) => `${e.type === 'group' ? 'group' : 'field'} "${e.name}"`;
