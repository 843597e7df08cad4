/** pricing against tests/fixtures/pricing (an estimator form and a pricing file that disagree) and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';
import { rules } from './index.ts';
import pricing from './pricing.ts';

const findings = (fixture: string) =>
  fixtureFindings(fixture, { rules: [pricing], keys: ['ruleId', 'file', 'line', 'column', 'message'] });

describe('pricing lint rule', () => {
  it('is listed', () => {
    expect(rules.map((r) => r.meta.code)).toContain('pricing');
  });

  it('finds prices for fields and options that do not exist, priced fields with unpriced options, and min above max', () => {
    const data = 'data/estimator-pricing.json';
    expect(findings('pricing')).toEqual([
      {
        ruleId: 'pricing',
        file: data,
        line: 5,
        column: 28,
        message: 'price of option "shaker" of field "style": min 900 is greater than max 500',
      },
      {
        ruleId: 'pricing',
        file: data,
        line: 6,
        column: 7,
        message: 'prices option "glass" of field "style", which has no such option',
      },
      {
        ruleId: 'pricing',
        file: data,
        line: 8,
        column: 5,
        message:
          'prices field "notes", which has no "useInCalculation": true in form "estimator", so its prices never count',
      },
      {
        ruleId: 'pricing',
        file: data,
        line: 8,
        column: 16,
        message: 'prices option "x" of field "notes", which has no such option',
      },
      {
        ruleId: 'pricing',
        file: data,
        line: 9,
        column: 5,
        message: 'prices field "oldField", which form "estimator" does not have',
      },
      {
        ruleId: 'pricing',
        file: 'forms/estimator.json',
        line: 6,
        column: 121,
        message: 'option "slab" of field "style" has no price in data/estimator-pricing.json',
      },
      {
        ruleId: 'pricing',
        file: 'forms/estimator.json',
        line: 7,
        column: 84,
        message: 'field "island" is used in the calculation but data/estimator-pricing.json has no prices for it',
      },
    ]);
  });

  it('finds nothing in the shipped site', () => {
    expect(findings(DEFAULT_SITE_DIR)).toEqual([]);
  });
});
