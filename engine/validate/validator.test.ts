import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedDataVersionTag } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { createValidator } from './validator.ts';

const schemas = {
  'page.schema.json': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['blocks'],
    properties: { blocks: { type: 'array' }, email: { type: 'string', format: 'email' } },
    additionalProperties: false,
  },
};
const blocks = [
  { type: 'heading', schema: { type: 'object', required: ['title'], properties: { title: { type: 'string' } } } },
];
const dir = mkdtempSync(join(tmpdir(), 'joinery-validator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createValidator', () => {
  it('reports readable errors with pointers', () => {
    const v = createValidator(schemas, blocks);
    expect(v.validate('page.schema.json', { blocks: [], extra: 1, email: 'nope' })).toEqual([
      {
        pointer: '/extra',
        message: 'the document has unknown property "extra"',
        atKey: true,
        allowed: ['blocks', 'email'],
      },
      { pointer: '/email', message: '"/email" must match format "email"', atKey: false },
    ]);
    expect(v.validateBlock('heading', {})).toEqual([
      { pointer: '', message: 'the document is missing required property "title"', atKey: false, missing: 'title' },
    ]);
  });

  it('writes compiled validators once and later loads them with the same results', () => {
    const first = createValidator(schemas, blocks, { cacheDir: dir });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const second = createValidator(schemas, blocks, { cacheDir: dir });
    const input = { blocks: 'x', email: 'a@b' };
    expect(second.validate('page.schema.json', input)).toEqual(first.validate('page.schema.json', input));
    expect(second.validateBlock('heading', { title: 3 })).toEqual(first.validateBlock('heading', { title: 3 }));
    // The loaded code still knows the names an object allows.
    expect(second.validate('page.schema.json', { blocks: [], emial: 'a@b' })[0]?.allowed).toEqual(['blocks', 'email']);
    // A changed schema gets a new file; the stale one is removed.
    createValidator({ 'page.schema.json': { ...schemas['page.schema.json'], required: [] } }, blocks, {
      cacheDir: dir,
    });
    const after = readdirSync(dir);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(files[0]);
  });

  it("keeps V8's code cache of loaded validators beside them, and a load with it validates the same", async () => {
    const own = mkdtempSync(join(tmpdir(), 'joinery-validator-v8-'));
    try {
      createValidator(schemas, blocks, { cacheDir: own });
      const [file] = readdirSync(own);
      const loaded = createValidator(schemas, blocks, { cacheDir: own });
      const input = { blocks: [], emial: 'nope' };
      const expected = loaded.validate('page.schema.json', input);
      // Written once the turn's validations are done.
      await new Promise((resolve) => setImmediate(resolve));
      expect(readdirSync(own).sort()).toEqual([file, `${file}.${cachedDataVersionTag()}.v8`]);
      const cached = createValidator(schemas, blocks, { cacheDir: own });
      expect(cached.validate('page.schema.json', input)).toEqual(expected);
      expect(cached.validateBlock('heading', {})).toEqual(loaded.validateBlock('heading', {}));
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('writes the code cache again when a run validates what it was not written with', async () => {
    const own = mkdtempSync(join(tmpdir(), 'joinery-validator-v8-'));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    try {
      createValidator(schemas, blocks, { cacheDir: own });
      const [file] = readdirSync(own);
      const v8File = join(own, `${file}.${cachedDataVersionTag()}.v8`);
      // The keys it was written with: its first line.
      const listed = () => {
        const data = readFileSync(v8File);
        return JSON.parse(data.subarray(0, data.indexOf(10)).toString());
      };
      createValidator(schemas, blocks, { cacheDir: own }).validate('page.schema.json', {});
      await turn();
      expect(listed()).toEqual(['page.schema.json']);
      const written = readFileSync(v8File);
      createValidator(schemas, blocks, { cacheDir: own }).validate('page.schema.json', { blocks: [] });
      await turn();
      expect(readFileSync(v8File).equals(written)).toBe(true); // nothing new: kept
      const next = createValidator(schemas, blocks, { cacheDir: own });
      expect(next.validateBlock('heading', {})).toEqual(createValidator(schemas, blocks).validateBlock('heading', {}));
      await turn();
      expect(listed()).toEqual(['page.schema.json', 'block:heading']);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it("follows a block schema's reference to a shared part beside the content schemas, pointing into the props", () => {
    const parts = {
      $id: 'https://joinery.dev/schemas/block-parts.schema.json',
      $defs: {
        image: {
          type: 'object',
          required: ['src', 'alt'],
          properties: { src: { type: 'string', minLength: 1 }, alt: { type: 'string' } },
        },
      },
    };
    const card = {
      type: 'card',
      schema: { type: 'object', properties: { image: { $ref: '../../schemas/block-parts.schema.json#/$defs/image' } } },
    };
    for (const cacheDir of [undefined, dir]) {
      const v = createValidator({ ...schemas, 'block-parts.schema.json': parts }, [card], { cacheDir });
      expect(v.validateBlock('card', { image: { src: '/a.webp', alt: '' } })).toEqual([]);
      expect(v.validateBlock('card', { image: { src: '' } })).toEqual([
        { pointer: '/image', message: '"/image" is missing required property "alt"', atKey: false, missing: 'alt' },
        { pointer: '/image/src', message: '"/image/src" must NOT have fewer than 1 characters', atKey: false },
      ]);
    }
  });
});
