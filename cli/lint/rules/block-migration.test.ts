/**
 * block-migration against tests/fixtures/block-migration/site, whose heading blocks still say
 * `headline`, with the fixture block's 002-rename-headline (tests/fixtures/block-migration/blocks).
 * The whole round trip with `joinery migrate --content`: cli/content-migrations/run.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureFindings } from '../testing.ts';
import { ROOT } from '../../paths.ts';

beforeEach(() => vi.stubEnv('JOINERY_BLOCKS_DIR', `${ROOT}/tests/fixtures/block-migration/blocks`));
afterEach(() => vi.unstubAllEnvs());

const message =
  'the props of this heading block follow an older shape: run `joinery migrate --content` (migration 002-rename-headline)';

describe('block-migration', () => {
  it("flags the props a block's migration would rewrite, in pages and templates and through $data, with the command", () => {
    expect(fixtureFindings('block-migration/site', { ruleId: 'block-migration' })).toEqual([
      {
        ruleId: 'block-migration',
        file: 'pages/about.json',
        line: 6,
        column: 7,
        message,
        fix: 'joinery migrate --content',
      },
      {
        ruleId: 'block-migration',
        file: 'templates/default.json',
        line: 7,
        column: 39,
        message,
        fix: 'joinery migrate --content',
      },
      {
        ruleId: 'block-migration',
        file: 'templates/default.json',
        line: 12,
        column: 43,
        message:
          'the props of this site-header block follow an older shape: run `joinery migrate --content` (migration 002-rename-menu-link; it rewrites menus/main.json too)',
        fix: 'joinery migrate --content',
      },
    ]);
  });

  it('finds nothing in props that already have the new shape (the valid fixture has title)', () => {
    expect(fixtureFindings('valid', { ruleId: 'block-migration' })).toEqual([]);
  });
});
