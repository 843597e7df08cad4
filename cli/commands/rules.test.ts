/** `joinery rules` as a user runs it: every rule with its severity, description and doc page. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../lint/rules/index.ts';
import { ROOT } from '../paths.ts';

describe('joinery rules', () => {
  it('lists every rule, in the order they run, with its severity, description and doc path; exit 0', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'cli', 'bin.js'), 'rules'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(rules.length * 2);
    rules.forEach(({ meta }, i) => {
      expect(lines[2 * i]).toMatch(new RegExp(`^${meta.code} +${meta.severity} +`));
      expect(lines[2 * i]).toContain(meta.docs.description);
      expect(lines[2 * i + 1]!.trim()).toBe(`docs/rules/${meta.code}.md`);
    });
    expect(lines[0]).toContain('(also in joinery check)');
  });
});
