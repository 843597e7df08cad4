/**
 * The notification e-mails of a completed submission, composed on the server from the stored
 * definition and the validated values only: what the client sends as emailNotifications is
 * ignored, so the endpoint cannot be used to mail anyone else.
 *
 * Two kinds of mail:
 * - to the shop (`admin` or a configured address): the whole submission, subject placeholders
 *   filled from the values;
 * - to the visitor (any entry with a `field:` address in to or cc): the address was typed by
 *   whoever posted the form, so this mail carries nothing else they typed: "Hello," and the
 *   entry's fixed `subject` and `message`, no name (a "first name" can be any short text, such
 *   as "Visit spamsite now"). Otherwise anyone could make the shop mail their text and links to
 *   any address. An estimator's confirmation adds the computed estimate (lines as the definition
 *   words them, ranges, totals) with its PDF.
 *
 * The shop's copy has Reply-To the visitor's address (the form's first e-mail field), so a reply
 * goes to them.
 */
import {
  fillText,
  isChecked,
  type CompiledField,
  type CompiledForm,
  type FileLike,
  type FormValues,
} from '../../engine/node.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import type { VisitorEstimate } from './estimate.ts';
import { confirmationHtml, submissionHtml } from './notify-html.tsx';

const NOTIFICATION_KIND = 'form-notification';

/** zod's e-mail pattern is what validated the values; here only a sanity check of configured addresses. */
const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export interface NotificationContext {
  compiled: CompiledForm;
  /** Cleaned values of the whole submission, file fields as stored file descriptors. */
  values: FormValues;
  adminEmails: readonly string[];
  submissionId: string;
  siteName: string;
  submittedAt: Date;
  /** Rows after the answers (an estimator's figures, computed by the server). */
  extraRows?: { label: string; value: string }[];
  /** An estimator's figures for the visitor's confirmation (computed by the server). */
  visitorEstimate?: VisitorEstimate;
}

export interface NotificationResult {
  mails: OutgoingMail[];
  /** Why an entry sent nothing (for the log): a missing admin list, an empty address field. */
  skipped: string[];
}

const isFieldAddress = (spec: string) => spec.trim().startsWith('field:');

/** Whether an entry mails the visitor (a field: address in to or cc). */
export const mailsVisitor = (compiled: CompiledForm): boolean =>
  (compiled.def.emailNotifications ?? []).some((e) => isFieldAddress(e.to) || (e.cc ?? []).some(isFieldAddress));

/** The visitor's address: the first e-mail field's value, when it is one. */
function visitorAddress(ctx: NotificationContext): string | undefined {
  const field = ctx.compiled.fields.find((f) => f.type === 'email');
  const value = field && ctx.values[field.name];
  return typeof value === 'string' && ADDRESS.test(value.trim()) ? value.trim() : undefined;
}

/** "admin", "field:NAME" or an address -> addresses (admin gives every admin address). */
function resolveAddress(spec: string, ctx: NotificationContext): string[] {
  const s = spec.trim();
  if (s === 'admin') return [...ctx.adminEmails];
  if (s.startsWith('field:')) {
    const value = ctx.values[s.slice(6).trim()];
    return typeof value === 'string' && ADDRESS.test(value.trim()) ? [value.trim()] : [];
  }
  return ADDRESS.test(s) ? [s] : [];
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A value as a reader wants it: option labels for choices, Yes/No for boxes, file names with sizes. */
function displayValue(field: CompiledField, value: unknown): string {
  if (field.type === 'checkbox' || field.type === 'newsletter') return isChecked(value) ? 'Yes' : 'No';
  if (field.type === 'file') return (value as FileLike[]).map((f) => `${f.name} (${formatSize(f.size)})`).join(', ');
  const label = (v: unknown) => field.def.options?.find((o) => String(o.value) === String(v))?.label ?? String(v);
  return Array.isArray(value) ? value.map(label).join(', ') : label(value);
}

/** The submitted fields in definition order, label and display value. */
function fieldRows(compiled: CompiledForm, values: FormValues): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  for (const field of compiled.fields) {
    const value = values[field.name];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    rows.push({ label: field.label, value: displayValue(field, value) });
  }
  return rows;
}

function bodies(ctx: NotificationContext, rows: { label: string; value: string }[]): { html: string; text: string } {
  const title = ctx.compiled.def.title ?? ctx.compiled.name;
  const intro = `A new "${title}" form was submitted on ${ctx.siteName}.`;
  const meta = `Submission ${ctx.submissionId}, ${ctx.submittedAt.toISOString()}`;
  const text = [intro, '', ...rows.map((r) => `${r.label}: ${r.value}`), '', meta, ''].join('\n');
  return { html: submissionHtml({ title, intro, rows, meta }), text };
}

/** The greeting of the visitor's confirmation: the shop's words only, never a typed name. */
const VISITOR_GREETING = 'Hello,';

/** The fixed confirmation to the visitor: the greeting, the entry's own text, then an estimate's rows when there is one. */
function confirmationBodies(
  ctx: NotificationContext,
  message: string,
  subject: string,
): { html: string; text: string } {
  const greeting = VISITOR_GREETING;
  const paragraphs = message
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const rows = ctx.visitorEstimate?.rows ?? [];
  const footer = `You receive this e-mail because this address was entered in a form on ${ctx.siteName}. If that was not you, you can ignore it.`;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(rows.length > 0 ? [...rows.map((r) => `${r.label}: ${r.value}`), ''] : []),
    ctx.siteName,
    '',
    footer,
    '',
  ].join('\n');
  return {
    html: confirmationHtml({ title: subject, greeting, paragraphs, rows, siteName: ctx.siteName, footer }),
    text,
  };
}

/** For an entry without its own message (the schema asks for one; an old file may lack it). */
const defaultConfirmation = (siteName: string) =>
  `Thank you for contacting ${siteName}. We have received your submission and will get back to you soon.`;

/** One mail per emailNotifications entry that resolves to a recipient. */
export function notificationMails(ctx: NotificationContext): NotificationResult {
  const entries = ctx.compiled.def.emailNotifications ?? [];
  const result: NotificationResult = { mails: [], skipped: [] };
  if (entries.length === 0) return result;
  const rows = [...fieldRows(ctx.compiled, ctx.values), ...(ctx.extraRows ?? [])];
  const full = bodies(ctx, rows);
  const subjectParams: Record<string, string> = { form: ctx.compiled.name, id: ctx.submissionId };
  for (const field of ctx.compiled.fields) {
    const value = ctx.values[field.name];
    if (value !== undefined && field.type !== 'file') subjectParams[field.name] = displayValue(field, value);
  }
  const replyTo = visitorAddress(ctx);
  for (const entry of entries) {
    const [to, ...rest] = resolveAddress(entry.to, ctx);
    if (!to) {
      result.skipped.push(`"${entry.to}" gave no address`);
      continue;
    }
    const cc = [...new Set([...rest, ...(entry.cc ?? []).flatMap((c) => resolveAddress(c, ctx))])].filter(
      (a) => a !== to,
    );
    const toVisitor = isFieldAddress(entry.to) || (entry.cc ?? []).some(isFieldAddress);
    if (toVisitor) {
      const subject = oneLine(entry.subject) || `Thank you for contacting ${ctx.siteName}`;
      result.mails.push({
        kind: NOTIFICATION_KIND,
        to,
        cc,
        subject,
        ...confirmationBodies(ctx, entry.message ?? defaultConfirmation(ctx.siteName), subject),
        ref: { type: 'form_submission', id: ctx.submissionId },
        ...(ctx.visitorEstimate && { attachments: [ctx.visitorEstimate.attachment] }),
      });
      continue;
    }
    result.mails.push({
      kind: NOTIFICATION_KIND,
      to,
      cc,
      ...(replyTo && { replyTo }),
      subject: oneLine(fillText(entry.subject, subjectParams)) || `New ${ctx.compiled.name} submission`,
      ...full,
      ref: { type: 'form_submission', id: ctx.submissionId },
    });
  }
  return result;
}
