/**
 * The central list: every rule once, in order, with its meta and its page under docs/rules/;
 * together they pass the valid fixture (that each rule's fixture breaks) and the shipped site.
 * Each rule's own test sits beside it (rules/<id>.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_DIR, ROOT } from '../../paths.ts';
import { FORM_RULES, fixtureFindings } from '../testing.ts';
import { rules } from './index.ts';

describe('lint rules', () => {
  it('lists every rule once, each with an id, a severity and a description', () => {
    expect(rules.map((r) => r.meta.code)).toEqual([
      'json-syntax',
      'duplicate-key',
      'missing-file',
      'schema',
      'schema-ref',
      'unknown-block',
      'block-migration',
      'broken-link',
      'duplicate-route',
      'orphan-page',
      'data-ref',
      'form-field-ref',
      'duplicate-field',
      'field-options',
      'submit-last-step',
      'pricing',
      'catalogue-integrity',
      'data-query',
      'image-dimensions',
      'processed-urls',
      'image-too-small',
      'image-too-large',
      'image-unused',
      'image-aspect',
      'json-ld-flags',
      'sitemap-canonical',
      'csp-host',
      'shipping-threshold',
      'shipping-speed',
      'shipping-text',
      'style-name',
      'lint-config',
    ]);
    for (const r of rules) expect(r.meta.docs.description.length).toBeGreaterThan(10);
    expect(rules.filter((r) => r.fast).map((r) => r.meta.code)).toEqual(['json-syntax', 'missing-file']);
  });

  it('has every rule declare what its checks read (cli/lint/rule.ts), so an edit re-runs only what it touches', () => {
    for (const r of rules) {
      expect(r.check || r.checkFile, r.meta.code).toBeTruthy();
      if (r.check) expect(r.inputs, r.meta.code).toBeDefined();
    }
  });

  it('passes the valid fixture that the others break (the form rules too)', () => {
    expect(fixtureFindings('valid')).toEqual([]);
    expect(fixtureFindings('valid', { rules: FORM_RULES })).toEqual([]);
  });

  it('finds no error in the shipped site-config', () => {
    expect(
      fixtureFindings(DEFAULT_SITE_DIR, { keys: ['ruleId', 'severity', 'file', 'line', 'column', 'message'] }).filter(
        (f) => f.severity === 'error',
      ),
    ).toEqual([]);
  });

  it('has each rule tested beside its module (rules/<id>.test.ts)', () => {
    expect(
      rules.map((r) => r.meta.code).filter((code) => !existsSync(join(import.meta.dirname, `${code}.test.ts`))),
    ).toEqual([]);
  });
});

describe('rule docs', () => {
  it.each(rules.map((r) => [r.meta.code, r.meta] as const))(
    '%s has a doc at docs/rules/<id>.md that names it and says what, why, how to fix, with an example',
    (code, meta) => {
      expect(meta.docs.url).toBe(`docs/rules/${code}.md`);
      const file = join(ROOT, meta.docs.url);
      expect(existsSync(file)).toBe(true);
      const text = readFileSync(file, 'utf8');
      expect(text.split('\n')[0]).toBe(`# \`${code}\`: ${meta.name}`);
      expect(text).toContain(`Severity: **${meta.severity}**`);
      for (const heading of ['## What it finds', '## Why', '## How to fix', '## Example'])
        expect(text).toContain(heading);
    },
  );

  it('has no doc for a rule that does not exist', () => {
    const documented = readdirSync(join(ROOT, 'docs', 'rules')).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(documented.sort()).toEqual(rules.map((r) => `${r.meta.code}.md`).sort());
  });

  it('gives each rule a unique code, a name and a one-line description', () => {
    expect(new Set(rules.map((r) => r.meta.code)).size).toBe(rules.length);
    for (const { meta } of rules) {
      expect(meta.name.length).toBeGreaterThan(3);
      expect(meta.docs.description).not.toContain('\n');
    }
  });
});
