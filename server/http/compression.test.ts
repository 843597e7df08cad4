import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressible } from './compression.ts';

const site = ['br', 'gzip'] as const;

describe('acceptedEncoding', () => {
  it('takes the candidate accepted most, the earlier one on a tie', () => {
    expect(acceptedEncoding('gzip, deflate, br', site)).toBe('br');
    expect(acceptedEncoding('br;q=0.5, gzip', site)).toBe('gzip');
    expect(acceptedEncoding('GZIP, deflate', ['gzip', 'deflate'])).toBe('gzip');
    expect(acceptedEncoding('gzip;q=0.2, deflate;q=0.8', ['gzip', 'deflate'])).toBe('deflate');
  });

  it('counts * for the candidates it does not name', () => {
    expect(acceptedEncoding('*', site)).toBe('br');
    expect(acceptedEncoding('br;q=0, *;q=0.5', site)).toBe('gzip');
  });

  it('gives none without a header, for identity only, or when every candidate has q=0', () => {
    for (const header of [undefined, '', 'identity', 'br;q=0, gzip;q=0', 'zstd'])
      expect(acceptedEncoding(header, site), String(header)).toBeUndefined();
  });
});

describe('compressible', () => {
  it('takes text types of 1 kB or more, not images or smaller text', () => {
    expect(compressible('application/json', 1024)).toBe(true);
    expect(compressible('text/javascript; charset=utf-8', 50_000)).toBe(true);
    expect(compressible('application/json', 1023)).toBe(false);
    expect(compressible('image/webp', 50_000)).toBe(false);
  });
});
