/** `joinery new form NAME`: forms/NAME.json, a contact-style form valid against form.schema.json. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NotASiteError } from '../../engine/node.ts';
import { SCHEMAS_DIR } from '../paths.ts';
import { jsonText, refuseExisting, schemaRef, writeNew, type ScaffoldResult } from './files.ts';
import { assertKebabCase, titleOf } from './names.ts';

export function scaffoldForm(siteDir: string, name: string, schemasDir = SCHEMAS_DIR): ScaffoldResult {
  assertKebabCase('form', name);
  if (!existsSync(join(siteDir, 'site.json')) || !existsSync(join(siteDir, 'routes.json')))
    throw new NotASiteError(siteDir);
  const path = join(siteDir, 'forms', `${name}.json`);
  refuseExisting([path]);
  const form = {
    $schema: schemaRef(join(siteDir, 'forms'), join(schemasDir, 'form.schema.json')),
    name,
    title: titleOf(name),
    fields: [
      { name: 'name', type: 'text', label: 'Name', required: true, maxLength: 100 },
      { name: 'email', type: 'email', label: 'Email', required: true },
      { name: 'message', type: 'textarea', label: 'Message', required: true, maxLength: 2000 },
    ],
    buttons: { submit: 'Send' },
    messages: {
      successTitle: 'Thank you',
      success: 'We have received your message and will reply within one business day.',
      error: 'Your message could not be sent. Please try again.',
    },
  };
  writeNew(path, jsonText(form));
  return { created: [path], updated: [] };
}
