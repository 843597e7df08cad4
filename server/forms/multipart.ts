/**
 * Reads a multipart/form-data body as it streams (@fastify/busboy): text parts into memory
 * (bounded), file parts straight to disk under random names. The whole body is capped while it
 * streams (413, never buffered whole); each file is counted against its own limit, and the bytes
 * past it are dropped (the caller turns the size into a field error). On any failure every file
 * written so far is removed.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import { ApiError } from '../http/errors.ts';

export interface UploadedFile {
  field: string;
  /** The client's file name (base name, control characters removed): display only. */
  originalName: string;
  /** The client's declared Content-Type: never trusted, see file-check.ts. */
  declaredType: string;
  /** Bytes received, including any past the field's limit. */
  size: number;
  /** More than the field's limit arrived: the file on disk is cut short and must not be kept. */
  tooLarge: boolean;
  /** Random file name under the upload folder. */
  storedName: string;
  path: string;
}

export interface ParsedBody {
  /** Text parts by name (the first of a repeated name). */
  fields: Record<string, string>;
  files: UploadedFile[];
}

export interface MultipartOptions {
  /** Cap of the whole body in bytes. */
  totalBytes: number;
  /** Per-file cap in bytes for a file part of this name, or null to drop the part unread. */
  fileLimit(field: string): number | null;
  /** Where files are written (created when missing). */
  dir: string;
  /** Cap of one text part (default 1 MB) and counts of parts (defaults 100 fields, 20 files). */
  fieldBytes?: number;
  maxFields?: number;
  maxFiles?: number;
}

const MULTIPART_MESSAGES = {
  notMultipart: 'Content-Type must be multipart/form-data',
  empty: 'Request body is empty',
  malformed: 'Malformed multipart body',
  badBoundary: 'Content-Type has no valid multipart boundary',
  tooLarge: (limit: number) => `Request body is too large (limit ${limit} bytes)`,
  fieldTooLarge: (name: string) => `Form part "${name}" is too large`,
  tooManyFiles: (n: number) => `Too many files in one request (at most ${n})`,
  tooManyFields: (n: number) => `Too many form parts in one request (at most ${n})`,
} as const;

const MULTIPART = /^multipart\/form-data\s*;/i;
/** RFC 2046: 1 to 70 of these characters, the last not a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** The boundary parameter (quoted or not) when it is one RFC 2046 allows; an empty one is not. */
function multipartBoundary(contentType: string): string | undefined {
  const m = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  return boundary !== undefined && BOUNDARY.test(boundary) ? boundary : undefined;
}

/**
 * Lets a part's stream go unread. Its 'error' (a body cut short mid-part) must have a listener or
 * it would be thrown as an uncaught exception: the body's own pipeline reports that failure.
 */
function discard(stream: Readable): void {
  stream.on('error', () => undefined);
  stream.resume();
}

/** "C:\\fakepath\\plan.pdf" or "../x" -> a display name; never used as a path. */
export function displayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed from file names
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, 200);
}

/**
 * The request body as a Node stream. Stopping early only lets go of the body, never cancels it:
 * under @hono/node-server cancelling would destroy the socket before the 413 is written, while an
 * unread rest is drained (or the connection closed) by the adapter after the response.
 */
function bodyReader(body: ReadableStream<Uint8Array>): Readable {
  const reader = body.getReader();
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => {
          this.push(done ? null : Buffer.from(value.buffer, value.byteOffset, value.byteLength));
        },
        (e: unknown) => this.destroy(e instanceof Error ? e : new Error(String(e))),
      );
    },
    destroy(error, callback) {
      try {
        reader.releaseLock();
      } catch {
        // a read still pending: it settles on its own
      }
      callback(error);
    },
  });
}

/** Destroys the writers and waits until each has closed, so no file appears after its removal. */
async function closeAll(outputs: WriteStream[]): Promise<void> {
  await Promise.all(
    outputs.map(
      (out) =>
        new Promise<void>((resolve) => {
          if (out.closed) return resolve();
          out.once('close', () => resolve());
          out.destroy();
        }),
    ),
  );
}

export function removeFiles(files: readonly { path: string }[]): void {
  for (const f of files) rmSync(f.path, { force: true });
}

/** Busboy with the limits; a header it cannot read (no boundary) is a 400. */
function openParser(contentType: string, o: MultipartOptions, maxFiles: number, maxFields: number) {
  try {
    return Busboy({
      headers: { 'content-type': contentType },
      limits: {
        fieldNameSize: 200,
        fieldSize: o.fieldBytes ?? 1024 * 1024,
        fields: maxFields,
        files: maxFiles,
        headerPairs: 100,
      },
    });
  } catch {
    throw new ApiError(400, MULTIPART_MESSAGES.malformed);
  }
}

/**
 * One file part written to disk under a random name. Past its limit a file is still read (the
 * parser must get to the next part) but not written.
 */
function receiveFile(
  stream: Readable,
  field: string,
  filename: string,
  mimeType: string,
  dir: string,
  limit: number,
): { file: UploadedFile; out: WriteStream; written: Promise<void> } {
  const storedName = randomUUID();
  const file: UploadedFile = {
    field,
    originalName: displayName(filename),
    declaredType: (mimeType || 'application/octet-stream').toLowerCase(),
    size: 0,
    tooLarge: false,
    storedName,
    path: join(dir, storedName),
  };
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      file.size += chunk.length;
      if (file.size > limit) {
        file.tooLarge = true;
        return done();
      }
      done(null, chunk);
    },
  });
  const out = createWriteStream(file.path, { flags: 'wx' });
  return { file, out, written: pipeline(stream, cap, out).catch(() => undefined) };
}

/** Parses the request body; throws ApiError (415, 400, 413) after cleaning up. */
export async function parseMultipart(request: Request, o: MultipartOptions): Promise<ParsedBody> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!MULTIPART.test(contentType)) throw new ApiError(415, MULTIPART_MESSAGES.notMultipart);
  // An empty or invalid boundary would leave the parser matching nothing: refuse it before reading.
  if (multipartBoundary(contentType) === undefined) throw new ApiError(400, MULTIPART_MESSAGES.badBoundary);
  if (!request.body) throw new ApiError(400, MULTIPART_MESSAGES.empty);

  const maxFiles = o.maxFiles ?? 20;
  const maxFields = o.maxFields ?? 100;
  const busboy = openParser(contentType, o, maxFiles, maxFields);

  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const outputs: WriteStream[] = [];
  const writes: Promise<void>[] = [];
  let failure: ApiError | undefined;
  /** The disk failed us (a server fault, not bad input): answered as a 500 by the app. */
  let diskError: Error | undefined;
  let total = 0;
  let seenBytes = false;

  // Counts every byte of the body before the parser sees it: the total cap holds for any mix of parts.
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      seenBytes ||= chunk.length > 0;
      if (total > o.totalBytes) {
        failure ??= new ApiError(413, MULTIPART_MESSAGES.tooLarge(o.totalBytes));
        return done(failure);
      }
      done(null, chunk);
    },
  });
  const fail = (error: ApiError) => {
    failure ??= error;
    counter.destroy(error);
  };
  let closing = false;
  const diskFailed = (error: unknown) => {
    if (closing) return; // writers destroyed on purpose below
    diskError ??= error instanceof Error ? error : new Error(String(error));
    counter.destroy(diskError);
  };

  busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) return fail(new ApiError(413, MULTIPART_MESSAGES.fieldTooLarge(name)));
    if (!(name in fields)) fields[name] = value;
  });
  busboy.on('filesLimit', () => fail(new ApiError(413, MULTIPART_MESSAGES.tooManyFiles(maxFiles))));
  busboy.on('fieldsLimit', () => fail(new ApiError(413, MULTIPART_MESSAGES.tooManyFields(maxFields))));
  busboy.on('file', (field, stream, filename, _encoding, mimeType) => {
    const limit = o.fileLimit(field);
    if (limit === null) return discard(stream); // not a file field of this form: unknown parts are dropped
    try {
      if (files.length === 0) mkdirSync(o.dir, { recursive: true });
    } catch (e) {
      discard(stream);
      return diskFailed(e);
    }
    const { file, out, written } = receiveFile(stream, field, filename, mimeType, o.dir, limit);
    files.push(file);
    outputs.push(out);
    // A failed write stops the whole body (the parser would otherwise wait on this file forever);
    // a part cut short by a broken body fails the body's own pipeline and is reported there.
    out.on('error', diskFailed);
    writes.push(written);
  });

  try {
    await pipeline(bodyReader(request.body), counter, busboy as unknown as Writable);
    await Promise.all(writes);
    if (diskError) throw diskError;
  } catch (e) {
    closing = true;
    await closeAll(outputs);
    removeFiles(files);
    if (failure) throw failure;
    if (diskError) throw diskError;
    if (e instanceof ApiError) throw e;
    // hono's bodyLimit middleware cuts a body without Content-Length the same way.
    if ((e as Error)?.name === 'BodyLimitError') throw new ApiError(413, MULTIPART_MESSAGES.tooLarge(o.totalBytes));
    throw new ApiError(400, seenBytes ? MULTIPART_MESSAGES.malformed : MULTIPART_MESSAGES.empty);
  }
  if (failure) {
    closing = true;
    await closeAll(outputs);
    removeFiles(files);
    throw failure;
  }
  return { fields, files };
}
