/**
 * The site's form definitions (<siteDir>/forms/NAME.json), compiled once per version of the file
 * with the engine's compiler, the same one the browser runs.
 */
import { join } from 'node:path';
import { compileForm, type CompiledForm, type FormFile } from '../../engine/node.ts';
import { fileCache } from './file-cache.ts';

/** The form-name pattern of form.schema.json: also what keeps a URL segment from becoming a path. */
const FORM_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** The form file exists but cannot be used (the linter would have said why). */
export class FormLoadError extends Error {
  override name = 'FormLoadError';
}

const read = fileCache((text, file): CompiledForm => {
  let def: unknown;
  try {
    def = JSON.parse(text);
  } catch (e) {
    throw new FormLoadError(`${file}: ${(e as Error).message}`);
  }
  const d = def as Partial<FormFile> | null;
  if (!d || typeof d !== 'object' || (!Array.isArray(d.fields) && !Array.isArray(d.steps))) {
    throw new FormLoadError(`${file}: not a form definition (needs "fields" or "steps")`);
  }
  try {
    return compileForm(d as FormFile);
  } catch (e) {
    throw new FormLoadError(`${file}: ${(e as Error).message}`);
  }
});

/** The compiled form, or undefined for a name that is no form; throws FormLoadError for a broken file. */
export function loadForm(siteDir: string, name: string): CompiledForm | undefined {
  if (!FORM_NAME.test(name)) return undefined;
  const compiled = read(join(siteDir, 'forms', `${name}.json`));
  // The URL names the form: a file whose "name" differs still answers under its file name.
  return compiled && compiled.name !== name ? { ...compiled, name } : compiled;
}
