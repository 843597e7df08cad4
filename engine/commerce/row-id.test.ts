import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, rowIdOf } from './row-id.ts';

describe('rowIdOf', () => {
  it("takes a whole number from 1 to PostgreSQL's integer maximum, as a number or its digits", () => {
    expect([1, '1', 42, '42', MAX_ROW_ID, String(MAX_ROW_ID)].map(rowIdOf)).toEqual([
      1, 1, 42, 42, 2_147_483_647, 2_147_483_647,
    ]);
  });

  it('refuses anything else', () => {
    const refused = [
      0,
      '0',
      -1,
      '-1',
      1.5,
      '1.5',
      MAX_ROW_ID + 1,
      String(MAX_ROW_ID + 1),
      '99999999999',
      2 ** 53 + 2,
      Infinity,
      NaN,
      '',
      ' 1',
      '1e3',
      '0x1',
      null,
      undefined,
      true,
      [1],
      { id: 1 },
    ];
    expect(refused.map(rowIdOf)).toEqual(refused.map(() => undefined));
  });
});
