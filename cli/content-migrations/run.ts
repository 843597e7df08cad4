/**
 * `joinery migrate --content [--dry-run]`: every page, template and menu of the site with its
 * blocks' pending migrations applied (rewrite.ts), and the files their `$data` references pull
 * in with them (a menu's items), written in place, or with --dry-run the diff printed and
 * nothing written. Exit 0 when nothing was (or, dry, would be) left to migrate after a write;
 * 1 when something would change on a dry run (CI: content behind its blocks) or a block is left
 * for a person (a migration that moves and changes what a reference pulls in).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import { EXIT_CONTENT, EXIT_OK } from '../exit-codes.ts';
import { unifiedDiff } from './line-diff.ts';
import { pointerOf } from './migrations.ts';
import { migrateText, rewriteValue } from './rewrite.ts';

const FOLDERS = ['pages', 'templates', 'menus'];

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

export function runContentMigrate(
  siteDir: string,
  opts: { dryRun?: boolean; blocksDir?: string },
  out: { log(line: string): void } = console,
): number {
  // Each file's text as read and as migrated so far: a file two blocks pull in is migrated once.
  const original = new Map<string, string>();
  const texts = new Map<string, string>();
  const textOf = (rel: string): string | undefined => {
    if (!texts.has(rel)) {
      const file = join(siteDir, rel);
      if (!existsSync(file)) return undefined;
      original.set(rel, readFileSync(file, 'utf8'));
      texts.set(rel, original.get(rel)!);
    }
    return texts.get(rel);
  };
  const read = (rel: string): unknown => {
    const text = textOf(rel);
    const errors: ParseError[] = [];
    const value = text === undefined ? undefined : parse(text, errors, { allowTrailingComma: true });
    return errors.length ? undefined : value;
  };

  let blocks = 0;
  let stuck = 0;
  for (const folder of FOLDERS) {
    const dir = join(siteDir, folder);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const rel = `${folder}/${f.split('\\').join('/')}`;
      const result = migrateText(textOf(rel)!, opts.blocksDir, read);
      for (const m of result.migrated) {
        const what = `${rel}#${m.pointer}: ${m.type} ${m.applied.join(', ')}`;
        if (m.stuck.length) {
          stuck++;
          const refs = m.stuck.map((r) => `{ "$data": "${r}" }`).join(', ');
          out.log(`${what} moves and changes what ${refs} pulls in: rewrite this block by hand`);
        } else {
          blocks++;
          out.log(what);
        }
      }
      texts.set(rel, result.text);
      for (const d of result.data) {
        texts.set(d.file, rewriteValue(textOf(d.file)!, d.path, d.before, d.after));
        out.log(`  with ${d.file}#${pointerOf(d.path)} (pulled in through $data)`);
      }
    }
  }

  const changed = [...texts].filter(([rel, text]) => text !== original.get(rel));
  for (const [rel, text] of changed)
    if (opts.dryRun) out.log(unifiedDiff(rel, original.get(rel)!, text));
    else writeFileSync(join(siteDir, rel), text);
  const left = stuck ? `; ${plural(stuck, 'block')} to rewrite by hand` : '';
  if (!blocks) {
    out.log(
      stuck
        ? `joinery migrate: nothing migrated${left}`
        : 'joinery migrate: every block follows its schema; nothing to migrate',
    );
    return stuck ? EXIT_CONTENT : EXIT_OK;
  }
  const what = `${plural(blocks, 'block')} in ${plural(changed.length, 'file')}`;
  if (opts.dryRun) {
    out.log(
      `joinery migrate: ${what} would change (dry run: nothing written; run \`joinery migrate --content\`)${left}`,
    );
    return EXIT_CONTENT;
  }
  out.log(`joinery migrate: migrated ${what}${left}`);
  return stuck ? EXIT_CONTENT : EXIT_OK;
}
