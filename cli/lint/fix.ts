/**
 * `joinery lint --fix`: writes the certain fixes of a lint run into the content files with
 * jsonc-parser's applyEdits, so everything around an edit keeps its formatting. One fix per
 * finding (its first certain one); a fix whose edits overlap one already taken in the same file is
 * skipped (the next pass, on the re-linted files, tries it again).
 */
import { applyEdits, type Edit } from 'jsonc-parser';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonFile, type Finding, type FindingFix, type JsonFile, type Site } from '../../engine/lint.ts';
import { CONFIG_FILE } from './config.ts';

export interface FixChange {
  finding: Finding;
  fix: FindingFix;
  /** What people read: `faq-lst -> faq-list`, or the fix's description. */
  summary: string;
}

export interface FixPass {
  applied: FixChange[];
  /** Certain fixes left out because their edits overlap one applied in the same file. */
  skipped: FixChange[];
}

/** Ranges that share a character, or two writes at one place (insertions included). */
const overlaps = (a: Edit, b: Edit) =>
  (a.offset < b.offset + b.length && b.offset < a.offset + a.length) || a.offset === b.offset;

/** A JSON string's value, else the text itself: `"faq-lst"` reads as faq-lst. */
function shown(text: string): string {
  if (!text.startsWith('"')) return text;
  try {
    const v = JSON.parse(text);
    return typeof v === 'string' ? v : text;
  } catch {
    return text;
  }
}

function summaryOf(fix: FindingFix, text: string): string {
  const [edit] = fix.edits;
  if (fix.edits.length !== 1 || !edit?.length || edit.content.includes('\n')) return fix.description;
  return `${shown(text.slice(edit.offset, edit.offset + edit.length))} -> ${shown(edit.content)}`;
}

/** A file a fix may edit: a content file, or the lint configuration beside them (not a content file). */
function editableFile(site: Site, rel: string, read: Map<string, JsonFile>): JsonFile | undefined {
  const loaded = site.files.get(rel) ?? read.get(rel);
  if (loaded || rel !== CONFIG_FILE) return loaded;
  const abs = join(site.dir, CONFIG_FILE);
  if (!existsSync(abs)) return undefined;
  const file = parseJsonFile(CONFIG_FILE, abs, readFileSync(abs, 'utf8'));
  read.set(rel, file);
  return file;
}

/** Applies one pass of certain fixes to the site's files on disk. */
export function applyCertainFixes(site: Site, findings: Finding[]): FixPass {
  const pass: FixPass = { applied: [], skipped: [] };
  const read = new Map<string, JsonFile>();
  const byFile = new Map<string, { taken: Edit[]; changes: FixChange[] }>();
  for (const finding of findings) {
    const fix = finding.fixes?.find((f) => f.certain);
    const file = fix && editableFile(site, fix.file, read);
    if (!fix || !file) continue;
    const entry = byFile.get(fix.file) ?? { taken: [], changes: [] };
    byFile.set(fix.file, entry);
    const same = (e: Edit) =>
      entry.taken.some((t) => t.offset === e.offset && t.length === e.length && t.content === e.content);
    if (fix.edits.every(same)) continue; // the same change, found twice
    const change = { finding, fix, summary: summaryOf(fix, file.text) };
    if (fix.edits.some((e) => entry.taken.some((t) => overlaps(e, t)))) {
      pass.skipped.push(change);
      continue;
    }
    entry.taken.push(...fix.edits);
    entry.changes.push(change);
  }
  for (const [rel, { taken, changes }] of byFile) {
    if (!taken.length) continue;
    const file = editableFile(site, rel, read)!;
    writeFileSync(file.abs, applyEdits(file.text, taken));
    pass.applied.push(...changes);
  }
  return pass;
}
