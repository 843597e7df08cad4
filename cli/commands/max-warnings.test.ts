/** --max-warnings, with a stand-in rule that warns (no shipped rule is a warning by default). */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSiteDir } from '../context.ts';
import { ROOT } from '../paths.ts';
import { lintCommand } from './lint.ts';

vi.mock('../lint/rules/index.ts', () => ({
  rules: [
    {
      meta: {
        code: 'always-warns',
        name: 'Always warns',
        severity: 'warning',
        docs: { description: 'Warns once per site, for this test.', url: 'docs/rules/always-warns.md' },
      },
      check: (ctx: { report(f: object): void }) =>
        ctx.report({ file: 'site.json', pointer: '/name', message: 'a warning' }),
    },
  ],
}));

describe('joinery lint --max-warnings', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes with warnings up to the limit, fails above it', async () => {
    setSiteDir(join(ROOT, 'tests', 'fixtures', 'valid'));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await lintCommand({ format: 'json' })).toBe(0);
    expect(await lintCommand({ format: 'json', maxWarnings: 1 })).toBe(0);
    expect(await lintCommand({ format: 'json', maxWarnings: 0 })).toBe(1);
    expect(err).toHaveBeenLastCalledWith('joinery: 1 warnings exceed --max-warnings 0');
    expect(JSON.parse(log.mock.calls[0]![0] as string)[0]).toMatchObject({
      ruleId: 'always-warns',
      severity: 'warning',
      file: expect.stringMatching(/site\.json$/),
      line: 3,
      column: 11,
    });
  });
});
