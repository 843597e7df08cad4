/**
 * The type of an uploaded file, read from its bytes (file-type's magic numbers), never from its
 * name or the Content-Type the client declared. A file passes when what it really is matches the
 * field's fileTypes (extensions or MIME types, as engine/forms isAllowedType reads them).
 */
import { open } from 'node:fs/promises';
import { isAllowedType } from '../../engine/node.ts';

export interface DetectedType {
  ext: string;
  mime: string;
}

/** Extensions an author may write for the same format file-type names once. */
const ALIASES: Record<string, string[]> = {
  jpg: ['jpeg', 'jpe', 'jfif'],
  tif: ['tiff'],
  heic: ['heif'],
  mp4: ['m4v'],
};

/**
 * Formats without magic bytes: allowed only when the field lists them, the name says so and the
 * first bytes hold no NUL (so a binary file cannot pass as text).
 */
const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

async function looksLikeText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return !buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

/**
 * What the stored file really is, when the field allows it; undefined when it does not (the
 * caller answers "Unsupported file format"). No fileTypes allows any content.
 */
export async function checkFileContent(
  path: string,
  originalName: string,
  fileTypes: readonly string[] | undefined,
): Promise<DetectedType | undefined> {
  // file-type loads at the first upload, not at the server's start.
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(path);
  if (detected) {
    const names = [detected.ext, ...(ALIASES[detected.ext] ?? [])];
    const ok = names.some((ext) => isAllowedType({ name: `file.${ext}`, type: detected.mime, size: 0 }, fileTypes));
    return ok ? { ext: detected.ext, mime: detected.mime } : undefined;
  }
  const ext = originalName.includes('.') ? originalName.slice(originalName.lastIndexOf('.') + 1).toLowerCase() : '';
  const textMime = TEXT_TYPES[ext];
  if (!fileTypes || fileTypes.length === 0)
    return textMime && (await looksLikeText(path))
      ? { ext, mime: textMime }
      : { ext: 'bin', mime: 'application/octet-stream' };
  if (!textMime || !isAllowedType({ name: `file.${ext}`, type: textMime, size: 0 }, fileTypes)) return undefined;
  return (await looksLikeText(path)) ? { ext, mime: textMime } : undefined;
}
