/** shipping-text against tests/fixtures/shipping-text (texts naming the methods with wrong figures) and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';
import { rules } from './index.ts';
import shippingText from './shipping-text.ts';

const findings = (fixture: string) =>
  fixtureFindings(fixture, {
    rules: [shippingText],
    keys: ['ruleId', 'severity', 'file', 'line', 'column', 'message'],
  });

const at = (file: string, line: number, column: number, message: string) => ({
  ruleId: 'shipping-text',
  severity: 'warning',
  file,
  line,
  column,
  message,
});

describe('shipping-text lint rule', () => {
  it('is listed', () => {
    expect(rules.map((r) => r.meta.code)).toContain('shipping-text');
  });

  it("finds a price or business days beside a method's name that its data contradicts, at the figure", () => {
    expect(findings('shipping-text')).toEqual([
      // A method's own description, with no name: the figures are its own.
      at(
        'data/shipping-methods.json',
        6,
        99,
        '"$50.00" next to "Standard Sample Shipping" is not what data/shipping-methods.json says: $4.95 per order, free on orders of $25.00 or more',
      ),
      at(
        'data/shipping-methods.json',
        17,
        40,
        '"2 to 3 business days" next to "Expedited Sample Shipping" is not what data/shipping-methods.json says: 2 business days',
      ),
      // "$9.95" belongs to "expedited shipping" (another name of the method), named after
      // Standard in the sentence; "two business days" agrees; the sentence about cabinets names no
      // method; "$25.00 or more" is the free range's start.
      at(
        'pages/about.json',
        8,
        157,
        '"$9.95" next to "Expedited Sample Shipping" is not what data/shipping-methods.json says: $12.95 per order ($8.95 per order around Columbus, OH)',
      ),
      at(
        'pages/home.json',
        8,
        61,
        '"2 to 3 business days" next to "Standard Sample Shipping" is not what data/shipping-methods.json says: 4 to 7 business days',
      ),
    ]);
  });

  it('finds nothing in the shipped site (its pages take the figures from the data)', () => {
    expect(findings(DEFAULT_SITE_DIR)).toEqual([]);
  });
});
