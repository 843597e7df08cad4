/**
 * The form submissions as the shop's staff read them (`joinery submissions`): the list, newest
 * first, filtered and limited in the query, and one submission with its steps, estimate and
 * files (their paths in the server's upload folder). Read-only.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Estimate } from '../../engine/node.ts';
import { envConfig } from '../config.ts';
import type { Db } from '../db/open.ts';
import type { FormSubmissionRow, SubmissionFileRow } from '../db/schema.ts';

export const SUBMISSION_STATUSES = ['complete', 'incomplete'] as const;

export interface SubmissionFile {
  field: string;
  originalName: string;
  type: string;
  size: number;
  /** Absolute path of the stored file in the server's upload folder. */
  path: string;
  /** Whether the file is there now. */
  exists: boolean;
}

export interface SubmissionSummary {
  id: string;
  form: string;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  status: (typeof SUBMISSION_STATUSES)[number];
  /** The first name-like and e-mail answers, for the list. */
  name: string;
  email: string;
  /** The answers as stored (files are in `files`). */
  data: Record<string, unknown>;
  files: SubmissionFile[];
}

export interface SubmissionDetail extends SubmissionSummary {
  completedSteps: number[];
  ip: string | null;
  /** An estimator's figures as the server computed them, integer cents. */
  estimate: Estimate | null;
}

/** The server's upload folder, as `joinery start` resolves it, absolute. */
export const uploadDir = (env: Record<string, string | undefined> = process.env): string =>
  resolve(envConfig(env).uploadDir);

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const objectOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Who sent it, as far as the answers say: an e-mail field and a name (first and last, or whole). */
function sender(data: Record<string, unknown>): { name: string; email: string } {
  const str = (k: string) => (typeof data[k] === 'string' ? (data[k] as string).trim() : '');
  const emailKey = Object.keys(data).find((k) => /e-?mail/i.test(k) && str(k).includes('@'));
  const whole = ['fullName', 'name', 'contactName'].map(str).find(Boolean);
  const name = whole ?? [str('firstName'), str('lastName')].filter(Boolean).join(' ');
  return { name, email: emailKey ? str(emailKey) : '' };
}

function fileOf(row: SubmissionFileRow, dir: string): SubmissionFile {
  const path = join(dir, row.stored_name);
  return {
    field: row.field,
    originalName: row.original_name,
    type: row.mime,
    size: row.size,
    path,
    exists: existsSync(path),
  };
}

function summaryOf(row: FormSubmissionRow, files: SubmissionFileRow[], dir: string): SubmissionSummary {
  const data = objectOf(parseJson(row.data, {}));
  return {
    id: row.id,
    form: row.form_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
    status: row.completed_at ? 'complete' : 'incomplete',
    ...sender(data),
    data,
    files: files.map((f) => fileOf(f, dir)),
  };
}

async function filesOf(db: Db, ids: readonly string[]): Promise<Map<string, SubmissionFileRow[]>> {
  const out = new Map<string, SubmissionFileRow[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('submission_files')
    .selectAll()
    .where('submission_id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.submission_id, [...(out.get(r.submission_id) ?? []), r]);
  return out;
}

/** The submissions, newest first; `more` when the limit cut the list. */
export async function listSubmissions(
  db: Db,
  o: { form?: string; status?: string; since?: Date; limit: number; uploadDir: string },
): Promise<{ submissions: SubmissionSummary[]; more: boolean }> {
  let q = db.selectFrom('form_submissions').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (o.form) q = q.where('form_name', '=', o.form);
  if (o.status === 'complete') q = q.where('completed_at', 'is not', null);
  if (o.status === 'incomplete') q = q.where('completed_at', 'is', null);
  if (o.since) q = q.where('created_at', '>=', o.since.toISOString());
  const rows = await q.limit(o.limit + 1).execute();
  const kept = rows.slice(0, o.limit);
  const files = await filesOf(
    db,
    kept.map((r) => r.id),
  );
  return {
    submissions: kept.map((r) => summaryOf(r, files.get(r.id) ?? [], o.uploadDir)),
    more: rows.length > o.limit,
  };
}

/** The submission of this id, or of the one id that starts with it (8 characters at least). */
export async function findSubmissionDetail(
  db: Db,
  idOrPrefix: string,
  dir: string,
): Promise<SubmissionDetail | undefined | 'ambiguous'> {
  const key = idOrPrefix.trim().toLowerCase();
  let row = await db.selectFrom('form_submissions').selectAll().where('id', '=', key).executeTakeFirst();
  if (!row && key.length >= 8) {
    const found = await db.selectFrom('form_submissions').selectAll().where('id', 'like', `${key}%`).limit(2).execute();
    if (found.length > 1) return 'ambiguous';
    row = found[0];
  }
  if (!row) return undefined;
  const files = (await filesOf(db, [row.id])).get(row.id) ?? [];
  const steps = parseJson<unknown>(row.completed_steps, []);
  const estimate = parseJson<Estimate | null>(row.estimate, null);
  return {
    ...summaryOf(row, files, dir),
    completedSteps: Array.isArray(steps) ? steps.filter((n): n is number => Number.isInteger(n)) : [],
    ip: row.ip,
    estimate: estimate && typeof estimate === 'object' && estimate.total ? estimate : null,
  };
}
