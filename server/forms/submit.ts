/**
 * POST /api/forms/{name}: one submission, or one step of a multi-step one.
 *
 *  1. the definition from the site's forms/ folder (404 when there is none);
 *  2. the multipart body, streamed: text parts, files to disk under random names (413 over limits);
 *  3. the values of this step merged over the stored ones, files checked by content, validated by
 *     the engine's compiled schema (422 with the same messages the browser shows);
 *  4. reCAPTCHA when the form and the site turn it on (last step only);
 *  5. an estimator's figures recomputed from the site's pricing file (the client's totalPrice and
 *     summaryRows are display only: never stored, a difference is logged);
 *  6. one transaction: the row, its files, and on the last step the notification e-mails and a
 *     pending newsletter signup with its confirmation e-mail; then the outbox is nudged. Files not kept are removed.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';
import {
  dynamicOptionErrors,
  fieldsInScope,
  FORM_TEXTS,
  isLastStep,
  maxFileSizeBytes,
  MESSAGES,
  needsRecaptcha,
  RECAPTCHA_FIELD,
  validateValues,
  toDollars,
  type CompiledForm,
  type Estimate,
  type FileLike,
  type FormValues,
  type GeoSource,
} from '../../engine/node.ts';
import type { AppDeps } from '../app-deps.ts';
import type { FormSubmissionRow, SubmissionFileRow } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { NUL_MESSAGE, nulErrors, parseRequestJson } from '../http/parse.ts';
import { enqueueMail, type OutgoingMail } from '../mail/outbox.ts';
import { confirmMail, signupEmail, subscribeEmail } from '../newsletter/index.ts';
import { clientAddress } from './client-address.ts';
import { FormLoadError, loadForm } from './definitions.ts';
import { estimateRows, jsonPart, sameTotal, serverEstimate, visitorEstimate } from './estimate.ts';
import { checkFileContent } from './file-check.ts';
import { parseMultipart, removeFiles, type UploadedFile } from './multipart.ts';
import { mailsVisitor, notificationMails } from './notify.ts';
import { RecaptchaUnavailableError, verifyRecaptcha } from './recaptcha.ts';
import { siteSettings } from './site-settings.ts';
import {
  findSubmission,
  parseData,
  parseSteps,
  storedFileLike,
  submissionFiles,
  type StoredFileLike,
} from './submissions.ts';

const FORM_API_MESSAGES = {
  notFound: 'Form not found',
  unavailable: 'This form is not available right now. Please try again later.',
  invalid: 'Please correct the highlighted fields.',
  missingFormData: 'Missing part: formData',
  badFormData: 'The formData part must be a JSON object',
  badStep: 'Invalid step',
  missingId: 'Missing part: id (later steps send the id the first step returned)',
  unknownId: 'Submission not found',
  completed: 'This submission has already been completed',
  stepSaved: 'Step saved.',
  recaptchaUnavailable: 'The reCAPTCHA verification is not available right now. Please try again later.',
} as const;

export interface SubmitResponse {
  success: true;
  message: string;
  data: {
    id: string;
    step: number;
    completedSteps: number[];
    completed: boolean;
    /** An estimator's figures in dollars, as the server computed and stored them. */
    estimate?: {
      product: { min: number; max: number };
      labor: { min: number; max: number };
      total: { min: number; max: number };
    };
  };
}

export interface FormsDeps extends AppDeps {
  geo: GeoSource;
}

/** An upload on its way through validation, with what its bytes really are. */
interface Upload extends FileLike {
  upload: UploadedFile;
  /** Content not among the field's fileTypes. */
  refused: boolean;
}

function loadOr404(deps: FormsDeps, name: string): CompiledForm {
  let compiled: CompiledForm | undefined;
  try {
    compiled = loadForm(deps.siteDir, name);
  } catch (e) {
    if (!(e instanceof FormLoadError)) throw e;
    deps.log.error(`forms: ${e.message}`);
    throw new ApiError(500, FORM_API_MESSAGES.unavailable);
  }
  if (!compiled) throw new ApiError(404, FORM_API_MESSAGES.notFound);
  return compiled;
}

function parseFormData(raw: string | undefined): FormValues {
  if (raw === undefined) throw new ApiError(400, FORM_API_MESSAGES.missingFormData);
  const value = parseRequestJson(raw, FORM_API_MESSAGES.badFormData);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ApiError(400, FORM_API_MESSAGES.badFormData);
  return value as FormValues;
}

function parseStep(compiled: CompiledForm, raw: string | undefined): number {
  if (!compiled.multiStep || raw === undefined || raw === '') return 0;
  const step = /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : -1;
  if (step < 0 || step >= compiled.steps.length) throw new ApiError(400, FORM_API_MESSAGES.badStep);
  return step;
}

/** The stored row a later step continues; only multi-step forms chain posts. */
async function continuedRow(
  deps: FormsDeps,
  compiled: CompiledForm,
  step: number,
  id: string | undefined,
): Promise<FormSubmissionRow | undefined> {
  const given = id?.trim();
  if (!compiled.multiStep) return undefined;
  if (!given) {
    if (step > 0) throw new ApiError(400, FORM_API_MESSAGES.missingId);
    return undefined;
  }
  // An id with U+0000 matches no submission (and would make PostgreSQL fail the lookup).
  const row = given.length <= 100 && !given.includes('\u0000') ? await findSubmission(deps.db, given) : undefined;
  if (!row || row.form_name !== compiled.name) throw new ApiError(404, FORM_API_MESSAGES.unknownId);
  if (row.completed_at) throw new ApiError(409, FORM_API_MESSAGES.completed);
  return row;
}

async function withContentTypes(compiled: CompiledForm, uploads: UploadedFile[]): Promise<Upload[]> {
  return Promise.all(
    uploads.map(async (upload) => {
      const field = compiled.byName.get(upload.field)!;
      const detected = await checkFileContent(upload.path, upload.originalName, field.def.fileTypes);
      return {
        name: upload.originalName,
        size: upload.size,
        type: detected?.mime ?? upload.declaredType,
        upload,
        refused: !detected,
      };
    }),
  );
}

export async function handleSubmit(c: Context<AppEnv>, deps: FormsDeps): Promise<Response> {
  const compiled = loadOr404(deps, c.req.param('name') ?? '');
  const fileFields = new Map(compiled.fields.filter((f) => f.type === 'file').map((f) => [f.name, f]));
  const body = await parseMultipart(c.req.raw, {
    totalBytes: deps.config.uploadLimitBytes,
    dir: deps.config.uploadDir,
    fileLimit: (name) => {
      const field = fileFields.get(name);
      return field ? maxFileSizeBytes(field.def) : null;
    },
  });
  let kept = new Set<UploadedFile>();
  try {
    const submission = await readSubmission(deps, compiled, body.fields, body.files);
    const ip = clientAddress(c, deps.config.trustProxy);
    const checked = await checkSubmission(deps, compiled, submission, ip);
    const plan = planSubmission(deps, compiled, submission, checked);
    await commitSubmission(deps, compiled, submission, plan, ip);
    kept = new Set(plan.newUploads.map((u) => u.upload));
    for (const r of plan.dropped) rmSync(join(deps.config.uploadDir, r.stored_name), { force: true });
    if (plan.mails.length > 0 || plan.signup) deps.outbox.notify();
    return c.json(answer(compiled, submission, plan));
  } finally {
    removeFiles(body.files.filter((f) => !kept.has(f)));
  }
}

/**
 * The values checked: this step's fields on an earlier step, the whole form on the last one;
 * a refused file type, U+0000 in a value (PostgreSQL cannot store it) and an option the
 * dynamic source does not offer count too. 422 with every field's message.
 */
async function validated(
  deps: FormsDeps,
  compiled: CompiledForm,
  values: FormValues,
  uploads: Upload[],
  opts: { recaptcha: boolean; step: number | undefined },
) {
  const result = validateValues(compiled, values, opts);
  const errors: Record<string, string> = { ...result.errors };
  for (const u of uploads)
    if (u.refused && !errors[u.upload.field] && result.values[u.upload.field])
      errors[u.upload.field] = MESSAGES.fileType;
  // After the field's own rules: U+0000 in a value that passed them.
  for (const [name, v] of Object.entries(result.values))
    if (compiled.byName.get(name)?.type !== 'file' && nulErrors(v)) errors[name] ??= NUL_MESSAGE;
  try {
    for (const [name, message] of Object.entries(
      await dynamicOptionErrors(compiled, values, deps.geo, { step: opts.step }),
    ))
      errors[name] ??= message;
  } catch (e) {
    deps.log.warn(`forms: dynamic options of "${compiled.name}" not checked:`, e);
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, FORM_API_MESSAGES.invalid, errors);
  return result;
}

/** The reCAPTCHA token checked with Google: 422 when refused, 503 when Google does not answer. */
async function checkRecaptcha(deps: FormsDeps, token: string | undefined, ip: string): Promise<void> {
  let ok: boolean;
  try {
    ok = await verifyRecaptcha({
      secret: deps.config.recaptchaSecret!,
      verifyUrl: deps.config.recaptchaVerifyUrl,
      token: String(token),
      remoteIp: ip === 'unknown' ? undefined : ip,
    });
  } catch (e) {
    if (!(e instanceof RecaptchaUnavailableError)) throw e;
    deps.log.error(`forms: ${e.message}`);
    throw new ApiError(503, FORM_API_MESSAGES.recaptchaUnavailable);
  }
  if (!ok) throw new ApiError(422, FORM_API_MESSAGES.invalid, { [RECAPTCHA_FIELD]: MESSAGES.recaptcha });
}

/** An estimator's figures: ours, from the pricing file; the client's total only for comparison. */
function estimateOf(
  deps: FormsDeps,
  compiled: CompiledForm,
  values: FormValues,
  clientTotal: unknown,
  id: string,
): Estimate | undefined {
  let estimate: Estimate | undefined;
  try {
    estimate = serverEstimate(deps.siteDir, compiled, values);
  } catch (e) {
    if (!(e instanceof FormLoadError)) throw e;
    deps.log.error(`forms: ${e.message}`);
    throw new ApiError(500, FORM_API_MESSAGES.unavailable);
  }
  if (estimate && clientTotal !== undefined && !sameTotal(estimate, clientTotal))
    deps.log.warn(
      `forms: "${compiled.name}" submission ${id}: the client's total differs from the server's; the server's is stored`,
    );
  return estimate;
}

/** The visitor's estimate and its PDF when an entry mails the visitor; one not drawn is logged. */
function estimateForVisitor(
  deps: FormsDeps,
  compiled: CompiledForm,
  values: FormValues,
  estimate: Estimate,
  now: Date,
) {
  if (!mailsVisitor(compiled)) return undefined;
  try {
    return visitorEstimate(compiled, values, estimate, now);
  } catch (e) {
    deps.log.error(`forms: "${compiled.name}" estimate PDF not drawn:`, e);
    return undefined;
  }
}

/**
 * The notification e-mails, composed from the stored definition and the validated values (queued
 * with the row). One that cannot be composed is logged and never fails the submission.
 */
function notifications(
  deps: FormsDeps,
  compiled: CompiledForm,
  s: {
    data: FormValues;
    values: FormValues;
    adminEmails: readonly string[];
    id: string;
    now: Date;
    estimate: Estimate | undefined;
  },
): OutgoingMail[] {
  try {
    const fileValues = Object.fromEntries(
      compiled.fields.filter((f) => f.type === 'file').map((f) => [f.name, s.values[f.name]]),
    );
    const composed = notificationMails({
      compiled,
      values: { ...s.data, ...fileValues },
      adminEmails: s.adminEmails,
      submissionId: s.id,
      siteName: deps.config.siteName,
      submittedAt: s.now,
      ...(s.estimate && { extraRows: estimateRows(compiled, s.estimate) }),
      visitorEstimate: s.estimate && estimateForVisitor(deps, compiled, s.values, s.estimate, s.now),
    });
    for (const reason of composed.skipped) deps.log.warn(`forms: "${compiled.name}" notification skipped: ${reason}`);
    return composed.mails;
  } catch (e) {
    deps.log.error(`forms: "${compiled.name}" notification not composed:`, e);
    return [];
  }
}

/** What a post says, read against the stored row it continues. */
interface Submission {
  step: number;
  last: boolean;
  row: FormSubmissionRow | undefined;
  /** The stored values overlaid with this step's; file fields hold uploads or stored files. */
  values: FormValues;
  uploads: Upload[];
  stored: Map<StoredFileLike, SubmissionFileRow>;
  token: string | undefined;
  clientTotal: unknown;
}

/** Step 1: the parts read, this step's values merged over the stored ones. */
async function readSubmission(
  deps: FormsDeps,
  compiled: CompiledForm,
  parts: Record<string, string>,
  uploadedFiles: UploadedFile[],
): Promise<Submission> {
  const posted = parseFormData(parts.formData);
  const priced = Boolean(compiled.def.pricing);
  const clientTotal = priced ? jsonPart(parts, 'totalPrice') : undefined;
  if (priced) jsonPart(parts, 'summaryRows');
  const step = parseStep(compiled, parts.step);
  const row = await continuedRow(deps, compiled, step, parts.id);
  const last = !compiled.multiStep || isLastStep(compiled, step);
  const scope = new Set(fieldsInScope(compiled, compiled.multiStep ? step : undefined).map((f) => f.name));

  // Values: the stored ones, overlaid with this step's (other fields a client sends are dropped).
  const values: FormValues = row ? parseData(row) : {};
  for (const name of scope) {
    const field = compiled.byName.get(name)!;
    if (field.type !== 'file' && name in posted) values[name] = posted[name];
  }
  // Files: this step's uploads replace a field's stored files; a field sent without files keeps them.
  const storedRows = row ? await submissionFiles(deps.db, row.id) : [];
  const stored = new Map<StoredFileLike, SubmissionFileRow>(storedRows.map((r) => [storedFileLike(r), r]));
  const uploads = await withContentTypes(
    compiled,
    uploadedFiles.filter((f) => scope.has(f.field)),
  );
  for (const field of compiled.fields) {
    if (field.type !== 'file') continue;
    const fresh = uploads.filter((u) => u.upload.field === field.name);
    values[field.name] =
      fresh.length > 0 ? fresh : [...stored.keys()].filter((s) => stored.get(s)!.field === field.name);
  }
  const token = parts[RECAPTCHA_FIELD];
  if (token !== undefined) values[RECAPTCHA_FIELD] = token;
  return { step, last, row, values, uploads, stored, token, clientTotal };
}

/** Step 2: validated (this step's fields on an earlier step, the whole form on the last one), then reCAPTCHA. */
async function checkSubmission(deps: FormsDeps, compiled: CompiledForm, s: Submission, ip: string) {
  const site = siteSettings(deps.siteDir);
  const recaptchaOn = Boolean(site.recaptchaSiteKey && deps.config.recaptchaSecret);
  const opts = { recaptcha: recaptchaOn, step: s.last ? undefined : s.step };
  const result = await validated(deps, compiled, s.values, s.uploads, opts);
  if (needsRecaptcha(compiled, opts)) await checkRecaptcha(deps, s.token, ip);
  return { values: result.values, adminEmails: site.adminEmails };
}

/** What the post writes: the row's columns, its files, and on the last step its e-mails and signup. */
interface SubmissionPlan {
  id: string;
  at: string;
  data: FormValues;
  completedSteps: number[];
  estimate: Estimate | undefined;
  newUploads: Upload[];
  dropped: SubmissionFileRow[];
  mails: OutgoingMail[];
  signup: ReturnType<typeof signupEmail>;
}

/** Step 3: the files the cleaned values still hold are kept (a hidden file field loses its files); priced, composed. */
function planSubmission(
  deps: FormsDeps,
  compiled: CompiledForm,
  s: Submission,
  checked: { values: FormValues; adminEmails: readonly string[] },
): SubmissionPlan {
  const { values } = checked;
  const finalFiles = new Set<FileLike>(
    compiled.fields.flatMap((f) => (f.type === 'file' ? ((values[f.name] as FileLike[] | undefined) ?? []) : [])),
  );
  const data = Object.fromEntries(
    Object.entries(values).filter(([name]) => compiled.byName.get(name)?.type !== 'file'),
  );
  const completedSteps = compiled.multiStep
    ? [...new Set([...(s.row ? parseSteps(s.row) : []), s.step])].sort((a, b) => a - b)
    : [0];
  const now = deps.clock.now();
  const id = s.row?.id ?? randomUUID();
  const priced = Boolean(compiled.def.pricing);
  const estimate = s.last && priced ? estimateOf(deps, compiled, values, s.clientTotal, id) : undefined;
  return {
    id,
    at: now.toISOString(),
    data,
    completedSteps,
    estimate,
    newUploads: s.uploads.filter((u) => finalFiles.has(u)),
    dropped: [...s.stored].filter(([like]) => !finalFiles.has(like)).map(([, r]) => r),
    mails: s.last
      ? notifications(deps, compiled, { data, values, adminEmails: checked.adminEmails, id, now, estimate })
      : [],
    signup: s.last ? signupEmail(compiled, data) : undefined,
  };
}

/** Step 4: one transaction: the row, its files, its e-mails and the pending signup; or nothing. */
async function commitSubmission(deps: FormsDeps, compiled: CompiledForm, s: Submission, p: SubmissionPlan, ip: string) {
  await deps.db.transaction().execute(async (trx) => {
    const columns = {
      definition_hash: compiled.hash,
      data: JSON.stringify(p.data),
      completed_steps: JSON.stringify(p.completedSteps),
      completed_at: s.last ? p.at : null,
      estimate: p.estimate ? JSON.stringify(p.estimate) : null,
      updated_at: p.at,
    };
    if (s.row) {
      // Guarded again here: of two posts of the last step racing, only one completes the row.
      const updated = await trx
        .updateTable('form_submissions')
        .set(columns)
        .where('id', '=', p.id)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(409, FORM_API_MESSAGES.completed);
    } else {
      await trx
        .insertInto('form_submissions')
        .values({ id: p.id, form_name: compiled.name, ip: ip === 'unknown' ? null : ip, created_at: p.at, ...columns })
        .execute();
    }
    if (p.dropped.length > 0)
      await trx
        .deleteFrom('submission_files')
        .where(
          'id',
          'in',
          p.dropped.map((r) => r.id),
        )
        .execute();
    for (const u of p.newUploads) {
      await trx
        .insertInto('submission_files')
        .values({
          submission_id: p.id,
          field: u.upload.field,
          original_name: u.upload.originalName,
          stored_name: u.upload.storedName,
          mime: u.type,
          size: u.size,
          created_at: p.at,
        })
        .execute();
    }
    for (const mail of p.mails) await enqueueMail(trx, mail, deps.clock);
    if (p.signup) {
      const sub = await subscribeEmail(trx, p.signup, deps.clock);
      // Double opt-in: only the confirmation link now; the welcome goes out when it is opened.
      if (sub.confirmToken)
        await enqueueMail(
          trx,
          confirmMail({
            to: sub.row.email,
            token: sub.confirmToken,
            origin: deps.config.origin,
            siteName: deps.config.siteName,
            subscriptionId: sub.row.id,
          }),
          deps.clock,
        );
    }
  });
}

/** Step 5: the answer, with an estimator's figures in dollars as stored. */
function answer(compiled: CompiledForm, s: Submission, p: SubmissionPlan): SubmitResponse {
  return {
    success: true,
    message: s.last ? (compiled.def.messages?.success ?? FORM_TEXTS.success) : FORM_API_MESSAGES.stepSaved,
    data: {
      id: p.id,
      step: s.step,
      completedSteps: p.completedSteps,
      completed: s.last,
      ...(p.estimate && {
        estimate: {
          product: toDollars(p.estimate.product),
          labor: toDollars(p.estimate.labor),
          total: toDollars(p.estimate.total),
        },
      }),
    },
  };
}
