/** style-name against tests/fixtures/style-name (menus, cards and finishes that claim styles) and the shipped site. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';
import { rules } from './index.ts';
import styleName, { namesStyle } from './style-name.ts';

const findings = (fixture: string) =>
  fixtureFindings(fixture, { rules: [styleName], keys: ['ruleId', 'file', 'line', 'column', 'message'] });

describe('style-name lint rule', () => {
  it('is listed', () => {
    expect(rules.map((r) => r.meta.code)).toContain('style-name');
  });

  it("a name holds every distinctive word of the style's name", () => {
    expect(namesStyle('Hudson Sage', 'Hudson Sage Shaker')).toBe(true);
    expect(namesStyle('Aspen White Shaker RTA Kitchen Cabinets', 'Aspen White Shaker')).toBe(true);
    expect(namesStyle('White Shaker', 'Aspen White Shaker')).toBe(false);
    expect(namesStyle('Midnight Dusk Gray', 'Midnight Dusk Grey')).toBe(false);
  });

  it('finds menu labels, card titles and finish titles that claim a style and name another; an unknown style', () => {
    expect(findings('style-name')).toEqual([
      {
        ruleId: 'style-name',
        file: 'data/finishes.json',
        line: 4,
        column: 32,
        message: '"Shaker Dusk" is the title of an item of style "mdg", but does not name "Midnight Dusk Grey"',
      },
      {
        ruleId: 'style-name',
        file: 'data/finishes.json',
        line: 5,
        column: 51,
        message: 'style "lw" is no style of catalogs/product-styles.json',
      },
      {
        ruleId: 'style-name',
        file: 'data/finishes.json',
        line: 10,
        column: 16,
        message:
          '"Shaker Green" links to /finishes/sage, a page of the style "Hudson Sage Shaker", but does not name it',
      },
      {
        ruleId: 'style-name',
        file: 'data/finishes.json',
        line: 11,
        column: 16,
        message:
          '"Our whitest white" links to /styles/aw, a page of the style "Aspen White Shaker", but does not name it',
      },
      {
        ruleId: 'style-name',
        file: 'menus/main.json',
        line: 9,
        column: 20,
        message: '"White Shaker" links to /styles/aw, a page of the style "Aspen White Shaker", but does not name it',
      },
      {
        ruleId: 'style-name',
        file: 'menus/main.json',
        line: 12,
        column: 20,
        message: '"Sage" links to /finishes/sage, a page of the style "Hudson Sage Shaker", but does not name it',
      },
    ]);
  });

  it('finds nothing in the shipped site', () => {
    expect(findings(DEFAULT_SITE_DIR)).toEqual([]);
  });
});
