/**
 * An estimator's figures on the server: recomputed from
 * the site's own pricing file and the validated values. The totalPrice and summaryRows a client
 * posts are display figures only: they are checked to be JSON, compared (a difference is logged)
 * and never stored.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as JsPdf from 'jspdf';
import {
  computeEstimate,
  definedLabel,
  drawEstimatePdf,
  estimateDocument,
  formatRange,
  type CompiledForm,
  type Estimate,
  type FormValues,
  type PricingFile,
} from '../../engine/node.ts';
import { parseRequestJson } from '../http/parse.ts';
import type { MailAttachment } from '../mail/message.ts';
import { fileCache } from './file-cache.ts';
import { FormLoadError } from './definitions.ts';

const ESTIMATE_API_MESSAGES = {
  badPart: 'The {part} part must be JSON',
} as const;

const read = fileCache((text, file): PricingFile => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new FormLoadError(`${file}: ${(e as Error).message}`);
  }
  const fields = (value as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields))
    throw new FormLoadError(`${file}: not a pricing file (needs "fields")`);
  return value as PricingFile;
});

/** The form's pricing file (data/NAME.json); throws FormLoadError when it is missing or broken. */
function loadPricing(siteDir: string, compiled: CompiledForm): PricingFile | undefined {
  const name = compiled.def.pricing;
  if (!name) return undefined;
  const file = join(siteDir, 'data', `${name}.json`);
  const pricing = read(file);
  if (!pricing) throw new FormLoadError(`${file}: pricing file of form "${compiled.name}" is missing`);
  return pricing;
}

/** A JSON part of the body, or undefined when absent; 400 when it is not JSON or nests too deeply. */
export function jsonPart(parts: Record<string, string>, part: string): unknown {
  const raw = parts[part];
  if (raw === undefined) return undefined;
  return parseRequestJson(raw, ESTIMATE_API_MESSAGES.badPart.replace('{part}', part));
}

export function serverEstimate(siteDir: string, compiled: CompiledForm, values: FormValues): Estimate | undefined {
  const pricing = loadPricing(siteDir, compiled);
  return pricing ? computeEstimate(compiled, values, pricing.fields) : undefined;
}

/** Whether a client's totalPrice ({ total: { min, max } } in dollars) says the same as ours. */
export function sameTotal(estimate: Estimate, clientTotal: unknown): boolean {
  const total = (clientTotal as { total?: { min?: unknown; max?: unknown } } | null)?.total;
  return (
    Boolean(total) &&
    Math.round(Number(total!.min) * 100) === estimate.total.min &&
    Math.round(Number(total!.max) * 100) === estimate.total.max
  );
}

/** The estimate as rows of the shop's e-mail: each priced answer, then the totals. */
export function estimateRows(compiled: CompiledForm, estimate: Estimate): { label: string; value: string }[] {
  const t = compiled.def.priceTemplate;
  const s = compiled.def.summary ?? {};
  return [
    ...estimate.rows.map((r) => ({
      label: `${r.label}: ${r.value}`,
      value: `product ${formatRange(r.product, t)}, labor ${formatRange(r.labor, t)}`,
    })),
    { label: s.product ?? 'Product', value: formatRange(estimate.product, t) },
    { label: s.labor ?? 'Labor', value: formatRange(estimate.labor, t) },
    { label: s.total ?? 'Grand total', value: formatRange(estimate.total, t) },
  ];
}

/** What the visitor's e-mail carries of an estimate: its lines and totals, and the same as a PDF. */
export interface VisitorEstimate {
  rows: { label: string; value: string }[];
  attachment: MailAttachment;
}

/**
 * The estimate for the address the visitor typed: the document the browser downloads, with the
 * answers only as the definition words them (no typed text), drawn by the same layout.
 */
export function visitorEstimate(
  compiled: CompiledForm,
  values: FormValues,
  estimate: Estimate,
  now: Date,
): VisitorEstimate {
  const doc = estimateDocument(compiled, values, estimate, now, definedLabel);
  // jsPDF (and the image codecs it brings) loads at the first estimate, not at the server's start.
  const { jsPDF } = createRequire(import.meta.url)('jspdf') as typeof JsPdf;
  const pdf = drawEstimatePdf(jsPDF, doc);
  return {
    rows: [
      ...doc.breakdown.map((r) => ({
        label: `${r.label}: ${r.value}`,
        value: `product ${r.product}, labor ${r.labor}`,
      })),
      ...doc.totals,
    ],
    attachment: {
      filename: doc.fileName,
      contentType: 'application/pdf',
      content: Buffer.from(pdf.output('arraybuffer')),
    },
  };
}
