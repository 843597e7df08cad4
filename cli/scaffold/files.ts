/** Writing scaffold files: never over an existing file, JSON in the project's two-space style. */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { UsageError } from '../exit-codes.ts';

export interface ScaffoldResult {
  created: string[];
  updated: string[];
}

/** A path from the working directory when it is inside it, else absolute. */
export function shownPath(p: string): string {
  const rel = relative(process.cwd(), p);
  return !rel || rel.startsWith('..') ? p : rel;
}

/** Throws (exit 2) when any of the paths exists, before anything is written. */
export function refuseExisting(paths: string[]) {
  const taken = paths.filter((p) => existsSync(p));
  if (taken.length)
    throw new UsageError(
      `${taken.map(shownPath).join(', ')} already exist${taken.length === 1 ? 's' : ''}; not overwriting`,
    );
}

export function writeNew(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text, { flag: 'wx' }); // wx: fail rather than overwrite, even in a race
}

export const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The "$schema" value for a content file: the schema's path relative to the file's folder. */
export const schemaRef = (fileDir: string, schemaPath: string) => relative(fileDir, schemaPath).split('\\').join('/');
