/**
 * `joinery submissions [list]` and `joinery submissions show ID`: what shoppers sent through the
 * site's forms, read from the server's database as `joinery orders` reads it (read-only: never
 * created, never migrated, only SELECTs), with the same text, JSON and CSV output.
 *
 * A multi-step form stores its row at the first step and completes it at the last: the list says
 * which rows are complete. `show` prints every answer under its field's label (the form file in
 * the content folder, when it is still there) and, for each uploaded file, its original name,
 * type, size and where it is on disk: the server's upload folder (JOINERY_UPLOAD_DIR, else
 * <JOINERY_DATA_DIR or var/>/uploads) and its stored name, as an absolute path.
 */
import { formatRange, plainValue, toDollars, type CompiledForm } from '../../engine/node.ts';
import {
  estimateRows,
  findSubmissionDetail,
  listSubmissions,
  loadForm,
  SUBMISSION_STATUSES,
  uploadDir,
  type SubmissionDetail,
  type SubmissionSummary,
} from '../../server/submissions/index.ts';
import { getSiteDir } from '../context.ts';
import { EXIT_CONTENT, EXIT_OK, UsageError } from '../exit-codes.ts';
import { columns, csv, table, terminalText, when } from './orders-output.ts';
import {
  DEFAULT_LIMIT,
  LIST_FORMATS,
  SHOW_FORMATS,
  oneOf,
  parseLimit,
  parseSince,
  withDatabase,
} from './list-options.ts';

const WHAT = 'the form submissions';

export interface SubmissionListOptions {
  form?: string;
  status?: string;
  since?: string;
  limit?: string;
  format?: string;
}

/** An answer as one line of text: lists joined, objects as JSON. */
const answerText = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : Array.isArray(v)
      ? v.map(answerText).join('; ')
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

// --- output ---

const size = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

const TABLE_HEAD = ['Id', 'Date (UTC)', 'Form', 'Status', 'Name', 'E-mail', 'Files'];

const tableRow = (s: SubmissionSummary) =>
  [s.id, when(s.createdAt), s.form, s.status, s.name, s.email, String(s.files.length)].map(terminalText);

const CSV_FIXED = ['id', 'form', 'created_at', 'completed_at', 'status', 'name', 'email', 'files'] as const;

/** One column per answer any listed submission has, in the order they first appear. */
function csvOf(list: readonly SubmissionSummary[]): string {
  const keys: string[] = [];
  for (const s of list) for (const k of Object.keys(s.data)) if (!keys.includes(k)) keys.push(k);
  return csv(
    [...CSV_FIXED, ...keys],
    list.map((s) => [
      s.id,
      s.form,
      s.createdAt,
      s.completedAt,
      s.status,
      s.name,
      s.email,
      s.files.map((f) => f.path).join('; '),
      ...keys.map((k) => (k in s.data ? answerText(s.data[k]) : null)),
    ]),
  );
}

/** As JSON: the estimate's amounts as decimal numbers, like the orders' (stored as integer cents). */
const detailJson = (d: SubmissionDetail) => ({
  ...d,
  estimate: d.estimate && {
    rows: d.estimate.rows.map((r) => ({ ...r, product: toDollars(r.product), labor: toDollars(r.labor) })),
    product: toDollars(d.estimate.product),
    labor: toDollars(d.estimate.labor),
    total: toDollars(d.estimate.total),
  },
});

export function submissionDetailLines(d: SubmissionDetail, form: CompiledForm | undefined): string[] {
  const t = terminalText;
  const lines = [
    `Submission ${d.id}: ${t(form?.def.title ?? d.form)} (form ${t(d.form)}), ${d.status}`,
    `Received ${when(d.createdAt)} UTC${d.completedAt ? `, completed ${when(d.completedAt)} UTC` : `, last step ${when(d.updatedAt)} UTC`}${d.ip ? ` from ${t(d.ip)}` : ''}`,
  ];
  if (form?.multiStep)
    lines.push(`Steps done: ${d.completedSteps.map((s) => s + 1).join(', ') || 'none'} of ${form.steps.length}`);

  lines.push('', 'Answers');
  const answered = Object.entries(d.data).filter(([, v]) => answerText(v) !== '');
  lines.push(
    ...(answered.length
      ? columns(
          answered.map(([k, v]) => {
            const field = form?.byName.get(k);
            return [t(field ? field.label : k), t(field ? plainValue(field, v) : answerText(v))];
          }),
        )
      : ['  none']),
  );

  if (d.estimate) {
    lines.push('', 'Estimate (as the server computed it)');
    const rows = form
      ? estimateRows(form, d.estimate).map((r) => [t(r.label), t(r.value)])
      : [['Grand total', formatRange(d.estimate.total)]];
    lines.push(...columns(rows));
  }

  lines.push('', 'Files');
  if (!d.files.length) lines.push('  none');
  for (const f of d.files) {
    const label = form?.byName.get(f.field)?.label ?? f.field;
    lines.push(`  ${t(f.originalName)} (${t(f.type)}, ${size(f.size)}), field ${t(label)}`);
    lines.push(`    ${t(f.path)}${f.exists ? '' : ' (missing on disk)'}`);
  }
  return lines;
}

function noSubmissions(form: string | undefined, status: string | undefined, since: Date | undefined): string {
  const filters = [form && `of form ${terminalText(form)}`, since && `since ${since.toISOString()}`].filter(Boolean);
  return `No ${status ? `${status} ` : ''}submissions${filters.length ? ` ${filters.join(' ')}` : ''}.`;
}

// --- commands ---

export async function submissionsListCommand(opts: SubmissionListOptions = {}): Promise<number> {
  const format = oneOf('--format', LIST_FORMATS, opts.format ?? 'table');
  const limit = parseLimit(opts.limit ?? String(DEFAULT_LIMIT));
  const status = opts.status === undefined ? undefined : oneOf('--status', SUBMISSION_STATUSES, opts.status);
  const since = opts.since === undefined ? undefined : parseSince(opts.since, new Date());
  const dir = uploadDir();
  return withDatabase(async (db) => {
    const { submissions, more } = await listSubmissions(db, {
      ...(opts.form !== undefined ? { form: opts.form } : {}),
      ...(status ? { status } : {}),
      ...(since ? { since } : {}),
      limit,
      uploadDir: dir,
    });
    if (format === 'json') process.stdout.write(`${JSON.stringify(submissions, null, 2)}\n`);
    else if (format === 'csv') process.stdout.write(csvOf(submissions));
    else if (!submissions.length) process.stdout.write(`${noSubmissions(opts.form, status, since)}\n`);
    else {
      const lines = table(TABLE_HEAD, submissions.map(tableRow), new Set([6]));
      lines.push(
        '',
        `${submissions.length} submission${submissions.length === 1 ? '' : 's'}${more ? `, the newest ${limit}: --limit N shows more` : ''}; joinery submissions show ID prints one with its files`,
      );
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return EXIT_OK;
  }, WHAT);
}

export async function submissionsShowCommand(id: string, opts: { format?: string } = {}): Promise<number> {
  const format = oneOf('--format', SHOW_FORMATS, opts.format ?? 'text');
  if (!/^[0-9a-f-]{8,36}$/i.test(id.trim()))
    throw new UsageError(`submissions show takes a submission id (or its first 8 characters or more), got "${id}"`);
  const dir = uploadDir();
  return withDatabase(async (db) => {
    const found = await findSubmissionDetail(db, id, dir);
    if (!found || found === 'ambiguous') {
      console.error(
        `joinery submissions show: ${found ? `more than one submission starts with ${id}: give more of the id` : `no submission ${id}`}`,
      );
      return EXIT_CONTENT;
    }
    if (format === 'json') {
      process.stdout.write(`${JSON.stringify(detailJson(found), null, 2)}\n`);
      return EXIT_OK;
    }
    let form: CompiledForm | undefined;
    try {
      form = loadForm(getSiteDir(), found.form);
    } catch {
      // A broken form file: the answers under their field names.
    }
    process.stdout.write(`${submissionDetailLines(found, form).join('\n')}\n`);
    return EXIT_OK;
  }, WHAT);
}
