import { DEFAULT_MAX_FILE_SIZE_MB, MESSAGES } from './messages.ts';
import type { Field, FileLike } from './types.ts';

/**
 * Whether a file matches a field's fileTypes. An entry with a slash is a MIME type ("image/png",
 * "image/*"); any other entry is an extension (".pdf" or "pdf"). No fileTypes allows every type.
 * The server must check the type by content as well: the name and declared type come from the client.
 */
export function isAllowedType(file: FileLike, fileTypes: readonly string[] | undefined): boolean {
  if (!fileTypes || fileTypes.length === 0) return true;
  const mime = file.type.toLowerCase();
  const dot = file.name.lastIndexOf('.');
  const ext = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  return fileTypes.some((entry) => {
    const allowed = entry.trim().toLowerCase();
    if (allowed.includes('/')) {
      return allowed.endsWith('/*') ? mime.startsWith(allowed.slice(0, -1)) : mime === allowed;
    }
    return ext !== '' && ext === allowed.replace(/^\./, '');
  });
}

/** The per-file limit in MB (default 2). */
export function maxFileSizeMb(field: Field): number {
  return field.maxFileSize ?? DEFAULT_MAX_FILE_SIZE_MB;
}

/** The per-file limit in bytes, for the server's streaming limit. */
export function maxFileSizeBytes(field: Field): number {
  return Math.floor(maxFileSizeMb(field) * 1024 * 1024);
}

export interface PickResult<F extends FileLike> {
  /** The field's new list: existing files, then accepted new ones, capped at maxFiles. */
  files: F[];
  /** New files refused for their type. */
  rejected: F[];
  /** "File format is not supported" when anything was refused. */
  message?: string;
}

/**
 * What a file input or drop zone does with newly chosen files: unsupported types are dropped
 * with a message, and the list is capped at maxFiles (the first files win). Oversized files are
 * kept so validation can say how large a file may be.
 */
export function pickFiles<F extends FileLike>(
  existing: readonly F[],
  incoming: readonly F[],
  field: Field,
): PickResult<F> {
  const rejected = incoming.filter((file) => !isAllowedType(file, field.fileTypes));
  const accepted = incoming.filter((file) => isAllowedType(file, field.fileTypes));
  const files = [...existing, ...accepted].slice(0, field.maxFiles ?? Number.POSITIVE_INFINITY);
  return rejected.length > 0 ? { files, rejected, message: MESSAGES.fileDropped } : { files, rejected };
}
