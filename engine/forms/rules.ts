import { regexes } from 'zod/mini';
import { isAllowedType, maxFileSizeBytes, maxFileSizeMb } from './files.ts';
import { fillText } from '../text/fill.ts';
import { MESSAGES } from './messages.ts';
import type { CompiledField, FileLike } from './types.ts';
import { isChecked, isEmpty } from './values.ts';

/** zod's own e-mail pattern, so a hand-written z.email() elsewhere agrees with the forms. */
const EMAIL = regexes.email;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const DIGITS = /^\d+$/;

/**
 * The first error of one active field, or undefined. `value` is already coerced to the field's
 * shape (values.ts); hidden and orphaned fields never get here. The order of the checks decides
 * which single message a shopper sees: required, then format, then length.
 */
export function fieldError(field: CompiledField, value: unknown): string | undefined {
  switch (field.type) {
    case 'file':
      return fileError(field, (value as FileLike[] | undefined) ?? []);
    case 'checkbox-group':
      return listError(field, (value as string[] | undefined) ?? []);
    case 'select':
      return field.def.multiSelect
        ? listError(field, (value as string[] | undefined) ?? [])
        : choiceError(field, value as string | undefined);
    case 'radio':
      return choiceError(field, value as string | undefined);
    case 'checkbox':
    case 'newsletter':
      return field.def.required && !isChecked(value) ? MESSAGES.required : undefined;
    default:
      return textError(field, value as string | undefined);
  }
}

function textError(field: CompiledField, value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return field.def.required ? MESSAGES.required : undefined;
  if (field.type === 'email' && !EMAIL.test(text)) return MESSAGES.email;
  if (field.type === 'number' && !NUMBER.test(text)) return MESSAGES.number;
  if (field.def.onlyNumbers && !DIGITS.test(text)) return MESSAGES.number;
  const { minLength, maxLength } = field.def;
  if (minLength !== undefined && text.length < minLength) return fillText(MESSAGES.tooShort, { label: field.label });
  if (maxLength !== undefined && text.length > maxLength) return fillText(MESSAGES.tooLong, { label: field.label });
  return undefined;
}

/** Values a choice may take; undefined when they come from a data source (checked on the server, see geo.ts). */
function allowedValues(field: CompiledField): string[] | undefined {
  if (field.def.dynamicOptions || !field.def.options) return undefined;
  return field.def.options.map((option) => String(option.value));
}

function choiceError(field: CompiledField, value: string | undefined): string | undefined {
  if (isEmpty(value)) return field.def.required ? MESSAGES.required : undefined;
  const allowed = allowedValues(field);
  return allowed && !allowed.includes(value!) ? MESSAGES.invalidSelection : undefined;
}

function listError(field: CompiledField, items: string[]): string | undefined {
  if (items.length === 0) return field.def.required ? MESSAGES.selectAtLeastOne : undefined;
  const allowed = allowedValues(field);
  const bad = items.some((item) => item.trim() === '' || (allowed !== undefined && !allowed.includes(item)));
  return bad ? MESSAGES.invalidSelection : undefined;
}

function fileError(field: CompiledField, files: FileLike[]): string | undefined {
  if (files.length === 0) return field.def.required ? MESSAGES.fileRequired : undefined;
  if (field.def.maxFiles !== undefined && files.length > field.def.maxFiles) {
    return fillText(MESSAGES.tooManyFiles, { n: field.def.maxFiles });
  }
  for (const file of files) {
    if (!isAllowedType(file, field.def.fileTypes)) return MESSAGES.fileType;
    if (file.size > maxFileSizeBytes(field.def))
      return fillText(MESSAGES.fileTooLarge, { n: maxFileSizeMb(field.def) });
  }
  return undefined;
}
