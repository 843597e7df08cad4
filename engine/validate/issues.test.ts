import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuesToErrors } from './issues.ts';

describe('issuesToErrors', () => {
  it('keys the first message of each field by its dotted path, the value itself by _root', () => {
    const schema = z.object({
      billing: z.object({ zipCode: z.string().min(5, 'Too short').regex(/^\d+$/, 'Digits only') }),
      items: z.array(z.number()),
    });
    const r = schema.safeParse({ billing: { zipCode: 'ab' }, items: [1, 'x'] });
    expect(issuesToErrors(r.error!.issues)).toEqual({ 'billing.zipCode': 'Too short', 'items.1': expect.any(String) });
    expect(issuesToErrors(z.string({ error: 'Text expected' }).safeParse(1).error!.issues)).toEqual({
      _root: 'Text expected',
    });
  });
});
