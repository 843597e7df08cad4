import { describe, expect, it } from 'vitest';
import { parseRequestPath } from './request-path.ts';

describe('parseRequestPath', () => {
  it('decodes segments and keeps the raw ones for route matching', () => {
    expect(parseRequestPath('/')).toEqual({ kind: 'ok', segments: [], raw: [] });
    expect(parseRequestPath('/blog/caf%C3%A9%20tips')).toEqual({
      kind: 'ok',
      segments: ['blog', 'café tips'],
      raw: ['blog', 'caf%C3%A9%20tips'],
    });
  });

  it('redirects a trailing slash or empty segments to the canonical path, keeping the query', () => {
    expect(parseRequestPath('/aboutus/', '?a=1')).toEqual({ kind: 'redirect', location: '/aboutus?a=1' });
    expect(parseRequestPath('/a//b')).toEqual({ kind: 'redirect', location: '/a/b' });
    // Never a protocol-relative Location that would leave the site.
    expect(parseRequestPath('//evil.example/')).toEqual({ kind: 'redirect', location: '/evil.example' });
  });

  it.each([
    '/..',
    '/a/../../etc/passwd',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/..%2fsecret.txt',
    '/..%5csecret.txt',
    '/a%00.html',
    '/%E0%A4%A',
    '/a\\..\\b',
  ])('refuses %s with 400', (path) => {
    expect(parseRequestPath(path)).toEqual({ kind: 'bad', status: 400 });
  });

  it('hides dot-files with 404', () => {
    expect(parseRequestPath('/.vite/manifest.json')).toEqual({ kind: 'bad', status: 404 });
    expect(parseRequestPath('/%2eenv')).toEqual({ kind: 'bad', status: 404 });
  });
});
