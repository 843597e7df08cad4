/** lint-config against tests/fixtures/lint-config: a configuration with four mistakes. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../paths.ts';
import { fixtureFindings } from '../testing.ts';

describe('lint-config', () => {
  it('an unknown rule or key with the nearest names, a wrong setting, a missing glob', () => {
    expect(
      fixtureFindings('lint-config', { keys: ['ruleId', 'file', 'line', 'column', 'message', 'suggestions'] }),
    ).toEqual([
      {
        ruleId: 'lint-config',
        file: 'joinery.config.json',
        line: 5,
        column: 7,
        message: 'unknown rule "brokn-link" (did you mean "broken-link"?)',
        suggestions: ['broken-link'],
      },
      {
        ruleId: 'lint-config',
        file: 'joinery.config.json',
        line: 6,
        column: 21,
        message: '"/lint/rules/style-name" must be one of "error", "warning", "off"',
      },
      {
        ruleId: 'lint-config',
        file: 'joinery.config.json',
        line: 8,
        column: 19,
        message: '"/lint/overrides/0" is missing required property "files"',
      },
      {
        ruleId: 'lint-config',
        file: 'joinery.config.json',
        line: 9,
        column: 5,
        message: '"/lint" has unknown property "ignores" (did you mean "ignore"?)',
        suggestions: ['ignore'],
      },
    ]);
  });

  it('fixes a near rule id in place, with certainty', () => {
    const [f] = fixtureFindings('lint-config', { keys: ['endLine', 'endColumn', 'fixes'] });
    const text = readFileSync(join(ROOT, 'tests', 'fixtures', 'lint-config', 'joinery.config.json'), 'utf8');
    const [fix] = f!.fixes!;
    expect(fix).toMatchObject({ description: 'Replace "brokn-link" with "broken-link"', certain: true });
    const [edit] = fix!.edits;
    expect(text.slice(edit!.offset, edit!.offset + edit!.length)).toBe('"brokn-link"');
    expect(edit!.content).toBe('"broken-link"');
    expect(f).toMatchObject({ endLine: 5, endColumn: 19 });
  });

  it('reports a syntax error at its position, and applies nothing from that file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'joinery-lint-config-'));
    try {
      cpSync(join(ROOT, 'tests', 'fixtures', 'broken-link'), dir, { recursive: true });
      writeFileSync(join(dir, 'joinery.config.json'), '{ "lint": { "rules": { "broken-link": "off" } }\n');
      const found = fixtureFindings(dir);
      expect(found.filter((f) => f.ruleId === 'lint-config')).toEqual([
        { ruleId: 'lint-config', file: 'joinery.config.json', line: 2, column: 1, message: 'Close brace expected' },
      ]);
      expect(found.filter((f) => f.ruleId === 'broken-link')).toHaveLength(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
