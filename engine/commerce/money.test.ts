import { describe, expect, it } from 'vitest';
import { fromCents, roundMoney, sumMoney, toCents } from './money.ts';

describe('toCents', () => {
  it('rounds the decimal a person wrote half away from zero', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(1200.005)).toBe(120001);
    expect(toCents(2.344)).toBe(234);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(-2.344)).toBe(-234);
  });

  it('agrees with roundMoney and comes back through fromCents', () => {
    for (const n of [0, 0.005, 9.995, 19.999, 4290, 1234.565, -0.015])
      expect(fromCents(toCents(n)), String(n)).toBe(roundMoney(n));
  });

  it('sums amounts without floating-point drift', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
  });
});
