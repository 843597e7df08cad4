import { isChecked, isEmpty, resolveValues } from './values.ts';
import { formatRange, type Estimate } from './price.ts';
import type { CompiledField, CompiledForm, FormValues } from './types.ts';

/** Texts of the estimator's summary and PDF. */
export const ESTIMATE_TEXTS = {
  validity: 'This estimate is valid for 30 days from the date of generation.',
  title: 'Project estimate',
  date: 'Date',
  details: 'Project details',
  breakdown: 'Breakdown',
  totals: 'Totals',
  item: 'Item',
  product: 'Product',
  labor: 'Labor',
  total: 'Grand total',
  summaryTitle: 'Your estimate',
  pdfButton: 'Print/download',
  sent: 'Email sent successfully',
  sendFailed: 'Failed to send email',
  networkError: 'Submission failed',
  pdfOk: 'PDF downloaded successfully',
  pdfFailed: 'Failed to download PDF',
  pdfMissing: 'PDF library not found',
} as const;

export interface EstimateDocument {
  title: string;
  /** MM/DD/YYYY. */
  date: string;
  /** estimate-YYYY-MM-DD.pdf */
  fileName: string;
  validity: string;
  /** The answers: hidden fields, hideInPDF fields and empty answers left out. */
  details: { label: string; value: string }[];
  /** Each priced row with its product and labor ranges, formatted as on screen. */
  breakdown: { label: string; value: string; product: string; labor: string }[];
  totals: { label: string; value: string }[];
}

/** A value as a reader wants it: option labels for choices, Yes/No for boxes. */
export function plainValue(field: CompiledField, value: unknown): string {
  if (field.type === 'checkbox' || field.type === 'newsletter') return isChecked(value) ? 'Yes' : 'No';
  const label = (v: unknown) => field.def.options?.find((o) => String(o.value) === String(v))?.label ?? String(v);
  return Array.isArray(value) ? value.map(label).join(', ') : label(value);
}

const CHOICES = new Set(['select', 'radio', 'checkbox-group']);

/**
 * Only what the form definition itself words: a choice by its option labels, a box as Yes/No.
 * Typed text, a value no option names and a dynamic list's value give "" (left out): an e-mail to
 * the address a visitor typed carries nothing else anyone typed.
 */
export function definedLabel(field: CompiledField, value: unknown): string {
  if (field.type === 'checkbox' || field.type === 'newsletter') return isChecked(value) ? 'Yes' : 'No';
  if (!CHOICES.has(field.type) || field.def.dynamicOptions) return '';
  const options = field.def.options ?? [];
  return (Array.isArray(value) ? value : [value])
    .flatMap((v) => options.find((o) => String(o.value) === String(v))?.label ?? [])
    .join(', ');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date as the estimate shows it (MM/DD/YYYY) and names its file (YYYY-MM-DD). */
function estimateDates(now: Date): { date: string; iso: string } {
  const y = now.getFullYear();
  const m = pad(now.getMonth() + 1);
  const d = pad(now.getDate());
  return { date: `${m}/${d}/${y}`, iso: `${y}-${m}-${d}` };
}

/**
 * What the PDF estimate holds, built from the same values and estimate as the summary on screen
 * (so its figures are exactly those the shopper sees). Pure: estimate-pdf.ts draws it. A display
 * giving "" leaves the answer out (definedLabel, for the e-mail to the visitor).
 */
export function estimateDocument(
  compiled: CompiledForm,
  values: FormValues,
  estimate: Estimate,
  now: Date,
  display: (field: CompiledField, value: unknown) => string = plainValue,
): EstimateDocument {
  const { date, iso } = estimateDates(now);
  const summary = compiled.def.summary ?? {};
  const template = compiled.def.priceTemplate;
  const clean = resolveValues(compiled, values).values;
  const details = compiled.fields
    .filter((f) => f.type !== 'hidden' && f.type !== 'file' && f.def.hideInPDF !== true && !isEmpty(clean[f.name]))
    .map((f) => ({ label: f.label, value: display(f, clean[f.name]) }))
    .filter((row) => row.value !== '');
  return {
    title: summary.pdfTitle ?? compiled.def.title ?? ESTIMATE_TEXTS.title,
    date,
    fileName: `estimate-${iso}.pdf`,
    validity: ESTIMATE_TEXTS.validity,
    details,
    breakdown: estimate.rows.map((r) => ({
      label: r.label,
      value: r.value,
      product: formatRange(r.product, template),
      labor: formatRange(r.labor, template),
    })),
    totals: [
      { label: summary.product ?? ESTIMATE_TEXTS.product, value: formatRange(estimate.product, template) },
      { label: summary.labor ?? ESTIMATE_TEXTS.labor, value: formatRange(estimate.labor, template) },
      { label: summary.total ?? ESTIMATE_TEXTS.total, value: formatRange(estimate.total, template) },
    ],
  };
}
