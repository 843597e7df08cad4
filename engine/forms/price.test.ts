import { describe, expect, it } from 'vitest';
import { compileForm } from './compile.ts';
import { computePrice, formatRange, round2, type Pricing } from './price.ts';

const estimator = compileForm({
  name: 'estimator',
  fields: [
    { name: 'style', type: 'radio', useInCalculation: true, options: [{ value: 'shaker', label: 'Shaker' }, { value: 'slab', label: 'Slab' }] },
    { name: 'extras', type: 'checkbox-group', useInCalculation: true, options: [{ value: 'island', label: 'Island' }, { value: 'pantry', label: 'Pantry' }] },
    { name: 'crown', type: 'checkbox', useInCalculation: true, hideWhen: { field: 'style', equals: 'slab' } },
    { name: 'notes', type: 'text' },
  ],
});

const pricing: Pricing = {
  style: { shaker: { price: { min: 4000.1, max: 6000.2 }, labor: { min: 1000, max: 1500 } }, slab: { price: { min: 3000, max: 5000 }, labor: { min: 800, max: 1200 } } },
  extras: { island: { price: { min: 1200.005, max: 2500 }, labor: { min: 300, max: 500 } }, pantry: { price: { min: 800, max: 1200 }, labor: { min: 200, max: 400 } } },
  crown: { true: { price: { min: 150, max: 300 }, labor: { min: 50, max: 100 } } },
  notes: { x: { price: { min: 999, max: 999 }, labor: { min: 0, max: 0 } } },
};

describe('computePrice', () => {
  it('adds the chosen options of useInCalculation fields, rounded to cents', () => {
    expect(computePrice(estimator, { style: 'shaker', extras: ['island', 'pantry'], crown: true, notes: 'x' }, pricing)).toEqual({
      product: { min: 6150.11, max: 10000.2 },
      labor: { min: 1550, max: 2500 },
      total: { min: 7700.11, max: 12500.2 },
    });
  });

  it('ignores hidden fields and unpriced or empty choices', () => {
    expect(computePrice(estimator, { style: 'slab', crown: true }, pricing)).toEqual({
      product: { min: 3000, max: 5000 },
      labor: { min: 800, max: 1200 },
      total: { min: 3800, max: 6200 },
    });
    expect(computePrice(estimator, {}, pricing).total).toEqual({ min: 0, max: 0 });
  });
});

describe('formatRange', () => {
  it('shows "$min - $max" with exactly two decimals', () => {
    expect(formatRange({ min: 3800, max: 12500.2 })).toBe('$3,800.00 - $12,500.20');
    expect(formatRange({ min: 0, max: 0.5 })).toBe('$0.00 - $0.50');
  });

  it('rounds half up to cents', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(1234.005)).toBe(1234.01);
    expect(round2(2.344)).toBe(2.34);
  });
});
