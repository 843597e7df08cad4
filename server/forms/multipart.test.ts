/** The streaming multipart reader on its own: limits hold while the body streams. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { displayName, parseMultipart } from './multipart.ts';

let dir: TempDir | undefined;
afterEach(() => {
  dir?.cleanup();
  dir = undefined;
});

const BOUNDARY = 'joinery-test-boundary';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const enc = new TextEncoder();

/** A body of one text part and one file part whose bytes are produced only when read. */
function lazyBody(fileBytes: number, chunk = 16 * 1024) {
  const stats = { pulled: 0 };
  const head = enc.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="formData"\r\n\r\n{}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="plan"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${BOUNDARY}--\r\n`);
  let sent = -1;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      let next: Uint8Array;
      if (sent < 0) next = head;
      else if (sent < fileBytes) next = new Uint8Array(Math.min(chunk, fileBytes - sent)).fill(0x25);
      else if (sent === fileBytes) next = tail;
      else return controller.close();
      sent = sent < 0 ? 0 : sent >= fileBytes ? fileBytes + 1 : sent + next.length;
      stats.pulled += next.length;
      controller.enqueue(next);
    },
  });
  const request = new Request('http://localhost/api/forms/x', {
    method: 'POST',
    body: stream,
    headers: { 'Content-Type': TYPE },
    duplex: 'half',
  } as RequestInit);
  return { request, stats };
}

const statusOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 0;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return [(e as ApiError).status, (e as ApiError).message];
  }
};

describe('parseMultipart', () => {
  it('writes files to disk as they stream and returns the text parts', async () => {
    dir = tempDir();
    const { request } = lazyBody(100_000);
    const body = await parseMultipart(request, { totalBytes: 1_000_000, dir: dir.path, fileLimit: () => 200_000 });
    expect(body.fields).toEqual({ formData: '{}' });
    expect(body.files).toMatchObject([
      { field: 'plan', originalName: 'plan.pdf', declaredType: 'application/pdf', size: 100_000, tooLarge: false },
    ]);
    expect(readFileSync(body.files[0]!.path).length).toBe(100_000);
  });

  it('stops reading a body over the total limit: 413, and the rest is never pulled', async () => {
    dir = tempDir();
    const { request, stats } = lazyBody(50 * 1024 * 1024);
    expect(
      await statusOf(
        parseMultipart(request, { totalBytes: 256 * 1024, dir: dir.path, fileLimit: () => 100 * 1024 * 1024 }),
      ),
    ).toEqual([413, 'Request body is too large (limit 262144 bytes)']);
    expect(stats.pulled).toBeLessThan(2 * 1024 * 1024);
    expect(readdirSync(dir.path)).toEqual([]);
  });

  it('counts a file past its own limit without writing the excess', async () => {
    dir = tempDir();
    const { request } = lazyBody(300_000);
    const body = await parseMultipart(request, { totalBytes: 1_000_000, dir: dir.path, fileLimit: () => 100_000 });
    expect(body.files[0]).toMatchObject({ size: 300_000, tooLarge: true });
    expect(readFileSync(body.files[0]!.path).length).toBeLessThanOrEqual(100_000);
  });

  it('drops file parts the form does not take, unread and unwritten', async () => {
    dir = tempDir();
    const { request } = lazyBody(10_000);
    const body = await parseMultipart(request, {
      totalBytes: 1_000_000,
      dir: dir.join('uploads'),
      fileLimit: () => null,
    });
    expect(body.files).toEqual([]);
    expect(existsSync(dir.join('uploads'))).toBe(false);
  });

  it('caps the number of files and the size of a text part', async () => {
    dir = tempDir();
    const many = new FormData();
    for (let i = 0; i < 3; i++) many.append('photos', new File(['x'], `${i}.txt`));
    const tooMany = parseMultipart(new Request('http://localhost/', { method: 'POST', body: many }), {
      totalBytes: 1e6,
      dir: dir.path,
      fileLimit: () => 1e6,
      maxFiles: 2,
    });
    expect(await statusOf(tooMany)).toEqual([413, 'Too many files in one request (at most 2)']);
    const big = new FormData();
    big.set('formData', 'x'.repeat(2000));
    const bigField = parseMultipart(new Request('http://localhost/', { method: 'POST', body: big }), {
      totalBytes: 1e6,
      dir: dir.path,
      fileLimit: () => 1e6,
      fieldBytes: 1000,
    });
    expect(await statusOf(bigField)).toEqual([413, 'Form part "formData" is too large']);
    expect(readdirSync(dir.path)).toEqual([]);
  });
});

describe('displayName', () => {
  it('keeps a base name without control characters, never a path', () => {
    expect(displayName('C:\\fakepath\\plan.pdf')).toBe('plan.pdf');
    expect(displayName('../../etc/passwd')).toBe('passwd');
    expect(displayName('a\u0000b\r\n.png')).toBe('ab.png');
    expect(displayName('')).toBe('file');
    expect(displayName('x'.repeat(300))).toHaveLength(200);
  });
});

describe('parseMultipart on a broken disk', () => {
  it('reports an unwritable upload folder as the server error it is, not as bad input', async () => {
    dir = tempDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(dir.join('not-a-folder'), 'x');
    const { request } = lazyBody(1000);
    const error = await parseMultipart(request, {
      totalBytes: 1e6,
      dir: dir.join('not-a-folder', 'uploads'),
      fileLimit: () => 1e6,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as NodeJS.ErrnoException).code).toBe('ENOTDIR');
  });
});
