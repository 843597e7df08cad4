import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../engine/testing/index.ts';
import type { ResolveContext } from '../../engine/node.ts';
import { resolveProps } from './resolve.ts';

const ctx = {} as ResolveContext;

describe('form block build-time props', () => {
  it("adds the definition's SHA-256, which the browser then uses for saved progress", async () => {
    const definition = {
      $schema: '../../schemas/form.schema.json',
      name: 'contact',
      fields: [{ name: 'email', type: 'email' }],
    };
    const out = await resolveProps({ form: 'contact', definition }, ctx);
    expect(out).toEqual({
      form: 'contact',
      definition,
      definitionHash: createHash('sha256').update(canonicalJson(definition)).digest('hex'),
    });
  });

  it('leaves props without a definition as they are', async () => {
    expect(await resolveProps({ form: 'contact' }, ctx)).toEqual({ form: 'contact' });
  });
});
