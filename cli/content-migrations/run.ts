/**
 * `joinery migrate --content [--dry-run]`: every page, template and menu of the site with its
 * blocks' pending migrations applied (rewrite.ts), written in place, or with --dry-run the diff
 * printed and nothing written. Exit 0 when nothing was (or, dry, would be) left to migrate
 * after a write; with --dry-run, 1 when something would change (CI: content behind its blocks).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT_CONTENT, EXIT_OK } from '../exit-codes.ts';
import { unifiedDiff } from './line-diff.ts';
import { migrateText } from './rewrite.ts';

const FOLDERS = ['pages', 'templates', 'menus'];

export function runContentMigrate(
  siteDir: string,
  opts: { dryRun?: boolean; blocksDir?: string },
  out: { log(line: string): void } = console,
): number {
  let files = 0;
  let blocks = 0;
  for (const folder of FOLDERS) {
    const dir = join(siteDir, folder);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const rel = `${folder}/${f.split('\\').join('/')}`;
      const text = readFileSync(join(dir, f), 'utf8');
      const result = migrateText(text, opts.blocksDir);
      if (!result.migrated.length) continue;
      files++;
      blocks += result.migrated.length;
      for (const m of result.migrated) out.log(`${rel}#${m.pointer}: ${m.type} ${m.applied.join(', ')}`);
      if (opts.dryRun) out.log(unifiedDiff(rel, text, result.text));
      else writeFileSync(join(dir, f), result.text);
    }
  }
  if (!blocks) {
    out.log('joinery migrate: every block follows its schema; nothing to migrate');
    return EXIT_OK;
  }
  const what = `${blocks} block${blocks === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`;
  if (opts.dryRun) {
    out.log(`joinery migrate: ${what} would change (dry run: nothing written; run \`joinery migrate --content\`)`);
    return EXIT_CONTENT;
  }
  out.log(`joinery migrate: migrated ${what}`);
  return EXIT_OK;
}
