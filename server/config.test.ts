import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultMailFrom, envConfig, linkOrigin, readSiteJson, resolveConfig } from './config.ts';
import { tempDir, type TempDir } from './testing/temp-dir.ts';

let dir: TempDir | undefined;
afterEach(() => dir?.cleanup());

describe('resolveConfig', () => {
  it('prefers explicit values, then site.json, then the build, then defaults', () => {
    dir = tempDir();
    writeFileSync(
      dir.join('site.json'),
      JSON.stringify({
        $schema: '../schemas/site.schema.json',
        name: 'Hearthline Cabinetry',
        origin: 'https://www.hearthlinecabinetry.com/',
      }),
    );
    const fromSite = resolveConfig({}, readSiteJson(dir.path), { name: 'Built', origin: 'https://built.example' });
    expect(fromSite).toMatchObject({
      siteName: 'Hearthline Cabinetry',
      origin: 'https://www.hearthlinecabinetry.com',
      mailFrom: '"Hearthline Cabinetry" <no-reply@hearthlinecabinetry.com>',
    });
    expect(resolveConfig({ siteName: 'Given', mailFrom: 'shop@example.com' }, readSiteJson(dir.path))).toMatchObject({
      siteName: 'Given',
      mailFrom: 'shop@example.com',
    });
    expect(resolveConfig({}, readSiteJson(dir.join('nowhere')))).toMatchObject({
      siteName: 'Joinery',
      origin: 'http://localhost:3000',
      bodyLimitBytes: 1048576,
    });
  });

  it('ignores an unreadable site.json', () => {
    dir = tempDir();
    writeFileSync(dir.join('site.json'), '{ broken');
    expect(readSiteJson(dir.path)).toEqual({});
  });

  it('builds a From header that a quote or newline in the name cannot break', () => {
    expect(defaultMailFrom('Bob "The" Builder\r\nBcc: x@evil.example', 'https://shop.example')).toBe(
      '"Bob The BuilderBcc: x@evil.example" <no-reply@shop.example>',
    );
  });
});

describe('envConfig', () => {
  it('reads the body deadline from BODY_TIMEOUT_MS, 30 s when unset or not a positive number', () => {
    expect(envConfig({ BODY_TIMEOUT_MS: '1500' }).bodyTimeoutMs).toBe(1500);
    expect(envConfig({}).bodyTimeoutMs).toBe(30_000);
    expect(envConfig({ BODY_TIMEOUT_MS: '0' }).bodyTimeoutMs).toBe(30_000);
    expect(envConfig({ BODY_TIMEOUT_MS: 'soon' }).bodyTimeoutMs).toBe(30_000);
  });
});

describe('linkOrigin', () => {
  const local = 'http://localhost:3000';
  it("is PUBLIC_ORIGIN, else site.json's origin with how to link to a local shop, else the local default", () => {
    expect(linkOrigin({ PUBLIC_ORIGIN: ' http://127.0.0.1:8080/ ' }, 'https://shop.example', local)).toEqual({
      origin: 'http://127.0.0.1:8080',
      note: 'http://127.0.0.1:8080 (PUBLIC_ORIGIN)',
    });
    expect(linkOrigin({ PUBLIC_ORIGIN: '' }, 'https://shop.example/', local)).toEqual({
      origin: 'https://shop.example',
      note: 'https://shop.example (site.json "origin"; set PUBLIC_ORIGIN=http://localhost:3000 to link to a local shop)',
    });
    expect(linkOrigin({}, undefined, local)).toEqual({
      origin: local,
      note: 'http://localhost:3000 (the default: neither PUBLIC_ORIGIN nor site.json "origin" is set)',
    });
  });
});
