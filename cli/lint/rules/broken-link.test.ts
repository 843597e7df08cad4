/** broken-link against tests/fixtures/broken-link and broken-link-content. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

describe('broken-link', () => {
  it('menus, links inside texts and breadcrumbs; query, hash, trailing slash, :params, /api, files and external links pass', () => {
    expect(fixtureFindings('broken-link')).toEqual([
      {
        ruleId: 'broken-link',
        file: 'menus/main.json',
        line: 5,
        column: 34,
        message: 'link "/gallery" points to no route',
      },
      {
        ruleId: 'broken-link',
        file: 'menus/main.json',
        line: 12,
        column: 37,
        message: 'link "/styles/shaker" points to no route',
      },
      {
        ruleId: 'broken-link',
        file: 'pages/home.json',
        line: 8,
        column: 62,
        message: 'link "/warranty" in the text points to no route',
      },
      {
        ruleId: 'broken-link',
        file: 'routes.json',
        line: 18,
        column: 37,
        message: 'link "/company" points to no route',
      },
    ]);
  });

  it('covers links inside rich text, card texts and card actions, in pages and in data files', () => {
    expect(
      fixtureFindings('broken-link-content', { keys: ['ruleId', 'severity', 'file', 'line', 'column', 'message'] }),
    ).toEqual([
      {
        ruleId: 'broken-link',
        severity: 'error',
        file: 'data/cards.json',
        line: 1,
        column: 59,
        message: 'link "/finishes" in the text points to no route',
      },
      {
        ruleId: 'broken-link',
        severity: 'error',
        file: 'data/cards.json',
        line: 1,
        column: 108,
        message: 'link "/gallery" points to no route',
      },
      {
        ruleId: 'broken-link',
        severity: 'error',
        file: 'pages/about.json',
        line: 4,
        column: 118,
        message: 'link "/warranty" in the text points to no route',
      },
      {
        ruleId: 'broken-link',
        severity: 'error',
        file: 'pages/about.json',
        line: 4,
        column: 171,
        message: 'link "/returns" in the text points to no route',
      },
      {
        ruleId: 'broken-link',
        severity: 'error',
        file: 'pages/about.json',
        line: 5,
        column: 94,
        message: 'link "/samples" in the text points to no route',
      },
      {
        ruleId: 'broken-link',
        severity: 'error',
        file: 'pages/about.json',
        line: 5,
        column: 144,
        message: 'link "/order-doors" points to no route',
      },
      {
        ruleId: 'broken-link',
        severity: 'error',
        file: 'pages/about.json',
        line: 6,
        column: 177,
        message: 'link "/design" points to no route',
      },
    ]);
  });

  it('suggests the nearest route path; the fix rewrites only the path, also inside a text', () => {
    const [inMenu, inText] = fixtureFindings('ten-mistakes', {
      ruleId: 'broken-link',
      keys: ['file', 'message', 'suggestions', 'fixes'],
    });
    expect(inMenu).toMatchObject({
      file: 'menus/main.json',
      message: 'link "/contcat" points to no route (did you mean "/contact"?)',
      suggestions: ['/contact'],
      fixes: [{ edits: [{ length: 8, content: '/contact' }], certain: true }],
    });
    expect(inText).toMatchObject({
      file: 'pages/home.json',
      message: 'link "/abuot" in the text points to no route (did you mean "/about"?)',
      fixes: [{ edits: [{ length: 6, content: '/about' }], certain: true }],
    });
    // The edit covers the path alone: what it replaces is the path as written in the file.
    const text = readFileSync(join(ROOT, 'tests/fixtures/ten-mistakes/pages/home.json'), 'utf8');
    const { offset } = (inText as { fixes: { edits: { offset: number }[] }[] }).fixes[0]!.edits[0]!;
    expect(text.slice(offset - 2, offset + 7)).toBe('](/abuot)');
  });
});
