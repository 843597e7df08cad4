/** The central list: every rule has its meta and its page under docs/rules/ that names it. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../paths.ts';
import { rules } from './index.ts';

describe('rule docs', () => {
  it.each(rules.map((r) => [r.meta.code, r.meta] as const))('%s has a doc at docs/rules/<id>.md that names it and says what, why, how to fix, with an example', (code, meta) => {
    expect(meta.docs.url).toBe(`docs/rules/${code}.md`);
    const file = join(ROOT, meta.docs.url);
    expect(existsSync(file)).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toBe(`# \`${code}\`: ${meta.name}`);
    expect(text).toContain(`Severity: **${meta.severity}**`);
    for (const heading of ['## What it finds', '## Why', '## How to fix', '## Example']) expect(text).toContain(heading);
  });

  it('has no doc for a rule that does not exist', () => {
    const documented = readdirSync(join(ROOT, 'docs', 'rules')).filter((f) => f.endsWith('.md'));
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
