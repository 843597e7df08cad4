/** shipping-speed against tests/fixtures/shipping (a 2-day method cheaper than the 7-day one) and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';
import { rules } from './index.ts';
import shippingSpeed from './shipping-speed.ts';

const findings = (fixture: string) =>
  fixtureFindings(fixture, {
    rules: [shippingSpeed],
    keys: ['ruleId', 'severity', 'file', 'line', 'column', 'message'],
  });

describe('shipping-speed lint rule', () => {
  it('is listed', () => {
    expect(rules.map((r) => r.meta.code)).toContain('shipping-speed');
  });

  it('finds a faster method priced below a slower one for some cart and address; a dearer faster one and a disabled method pass', () => {
    expect(findings('shipping')).toEqual([
      {
        ruleId: 'shipping-speed',
        severity: 'warning',
        file: 'data/shipping-methods.json',
        line: 18,
        column: 34,
        message:
          '"expedited" (2 business days at most) costs $2.50 for 1 sample ($0.00) to OH 43001, less than the slower "standard" (7 days) at $4.95',
      },
    ]);
  });

  it('finds nothing in the shipped site', () => {
    expect(findings(DEFAULT_SITE_DIR)).toEqual([]);
  });
});
