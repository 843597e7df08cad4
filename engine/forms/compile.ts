import { formHash } from '#form-hash';
import { humanise } from './messages.ts';
import type { CompiledField, CompiledForm, Field, FormFile, HideWhen } from './types.ts';

export class FormDefinitionError extends Error {
  override name = 'FormDefinitionError';
}

/**
 * Turns a form definition into the structure every other helper works on. Pure and synchronous,
 * so the browser and the server compile the same file to the same thing. `hash` is the
 * definition's SHA-256 when the caller has it (the browser gets it from the page data);
 * otherwise it is computed (on Node; see hash.ts).
 *
 * Duplicate field names throw: two inputs writing one value cannot be validated sensibly. Other
 * authoring mistakes (a hideWhen naming a missing field, cycles) are the linter's job; here a
 * missing field simply reads as empty.
 */
export function compileForm(def: FormFile, hash?: string): CompiledForm {
  const stepDefs: Field[][] = def.steps ? def.steps.map((step) => step.fields) : [def.fields ?? []];
  const fields: CompiledField[] = [];
  const steps = stepDefs.map((list, step) => {
    const own: CompiledField[] = [];
    flatten(list, step, [], [], own);
    fields.push(...own);
    return own;
  });

  const byName = new Map<string, CompiledField>();
  for (const field of fields) {
    if (byName.has(field.name))
      throw new FormDefinitionError(`form "${def.name}": field "${field.name}" is defined twice`);
    byName.set(field.name, field);
  }

  return {
    name: def.name,
    def,
    // Given by the caller where it was computed at build time (the form block's props).
    hash: hash ?? formHash(def),
    fields,
    byName,
    steps,
    multiStep: Boolean(def.steps),
    recaptcha: def.googleReCaptcha === true,
  };
}

function flatten(list: Field[], step: number, groups: string[], inherited: HideWhen[], out: CompiledField[]): void {
  for (const def of list) {
    const conditions = def.hideWhen ? [...inherited, def.hideWhen] : inherited;
    if (def.type === 'group') {
      flatten(def.fields ?? [], step, [...groups, def.name], conditions, out);
      continue;
    }
    out.push({
      name: def.name,
      type: def.type,
      label: def.label?.trim() || humanise(def.name),
      step,
      groups,
      conditions,
      def,
    });
  }
}

/** The fields a validation or a post covers: one step, or the whole form. */
export function fieldsInScope(compiled: CompiledForm, step?: number): CompiledField[] {
  if (step === undefined) return compiled.fields;
  const list = compiled.steps[step];
  if (!list) throw new RangeError(`form "${compiled.name}" has no step ${step}`);
  return list;
}

export function isLastStep(compiled: CompiledForm, step: number): boolean {
  return step >= compiled.steps.length - 1;
}
