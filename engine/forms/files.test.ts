import { describe, expect, it } from 'vitest';
import { isAllowedType, maxFileSizeBytes, pickFiles } from './files.ts';
import { file } from './test-fixtures.ts';
import type { Field } from './types.ts';

const field: Field = { name: 'photos', type: 'file', maxFiles: 2, fileTypes: ['image/*', '.pdf'] };

describe('pickFiles', () => {
  it('drops unsupported types with "File format is not supported"', () => {
    const exe = file('setup.exe', 10, 'application/octet-stream');
    const jpg = file('a.jpg', 10, 'image/jpeg');
    expect(pickFiles([], [exe, jpg], field)).toEqual({
      files: [jpg],
      rejected: [exe],
      message: 'File format is not supported',
    });
  });

  it('caps the list at maxFiles, keeping the files already chosen first', () => {
    const [a, b, c] = ['a.jpg', 'b.png', 'c.pdf'].map((n) =>
      file(n, 1, n.endsWith('pdf') ? 'application/pdf' : 'image/png'),
    );
    const result = pickFiles([a!], [b!, c!], field);
    expect(result.files).toEqual([a, b]);
    expect(result.message).toBeUndefined();
  });

  it('keeps oversized files for validation to explain, and takes any type without fileTypes', () => {
    const big = file('big.png', 50 * 1024 * 1024, 'image/png');
    expect(pickFiles([], [big], field).files).toEqual([big]);
    expect(pickFiles([], [file('x.bin', 1, '')], { name: 'f', type: 'file' }).files).toHaveLength(1);
  });
});

describe('file type and size rules', () => {
  it('matches MIME types, wildcards and extensions case-insensitively', () => {
    expect(isAllowedType(file('A.PDF', 1, ''), ['pdf'])).toBe(true);
    expect(isAllowedType(file('a.png', 1, 'image/png'), ['image/*'])).toBe(true);
    expect(isAllowedType(file('a.png', 1, 'image/png'), ['image/jpeg'])).toBe(false);
    expect(isAllowedType(file('pdf', 1, ''), ['.pdf'])).toBe(false);
  });

  it('counts MB as 1024 x 1024 bytes, default 2', () => {
    expect(maxFileSizeBytes({ name: 'f', type: 'file' })).toBe(2 * 1024 * 1024);
    expect(maxFileSizeBytes({ name: 'f', type: 'file', maxFileSize: 0.5 })).toBe(512 * 1024);
  });
});
