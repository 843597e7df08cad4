/** shipping-threshold against tests/fixtures/shipping (samples of at most $9.95, one of each) and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';
import { rules } from './index.ts';
import shippingThreshold from './shipping-threshold.ts';

const findings = (fixture: string) =>
  fixtureFindings(fixture, {
    rules: [shippingThreshold],
    keys: ['ruleId', 'severity', 'file', 'line', 'column', 'message'],
  });

describe('shipping-threshold lint rule', () => {
  it('is listed', () => {
    expect(rules.map((r) => r.meta.code)).toContain('shipping-threshold');
  });

  it('finds a free-shipping range no sample cart reaches; a reachable one and a disabled method pass', () => {
    expect(findings('shipping')).toEqual([
      {
        ruleId: 'shipping-threshold',
        severity: 'warning',
        file: 'data/shipping-methods.json',
        line: 10,
        column: 130,
        message:
          '"standard": free shipping from $50.00 is out of reach: the largest sample cart (3 samples, 1 of each at most) comes to $14.90',
      },
    ]);
  });

  it('finds nothing in the shipped site', () => {
    expect(findings(DEFAULT_SITE_DIR)).toEqual([]);
  });
});
