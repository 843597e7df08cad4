/**
 * The zod resolver of one step, kept out of the form's first load: the form hydrates without
 * zod, and this module (with zod) is fetched while the shopper fills the form, before the first
 * validation needs it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { schemaFor, type CompiledForm, type FormValues } from '../../engine/forms/index.ts';

export function stepResolver(compiled: CompiledForm, step: number | undefined, recaptcha: boolean) {
  return zodResolver(schemaFor(compiled, { step, recaptcha }) as never) as unknown as Resolver<FormValues>;
}
