/**
 * `joinery lint --cache`: the findings kept in a file, keyed by the rule set's version and each
 * content file's hash. A run where nothing changed prints the kept findings without loading the
 * rules; after an edit, only the checks whose inputs the edited files are run again (as in the
 * language server, cli/lint/incremental.ts). A changed rule set, configuration, image folder or
 * rule selection runs everything.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseJsonFile } from '../../engine/content/json-file.ts';
import { kindOf, type Site } from '../../engine/content/load-site.ts';
import { ROOT, VALIDATOR_CACHE_DIR } from '../paths.ts';
import { CONFIG_FILE } from './config-file.ts';
import type { LintResult, LintState } from './incremental.ts';
import type { RuleMeta } from './rule.ts';

/** What the rules' findings depend on besides the content: their code, schemas and blocks. */
const RULE_SOURCES = ['cli/lint', 'cli/blocks.ts', 'cli/editor-schemas.ts', 'cli/scaffold', 'engine', 'schemas'];

interface CacheFile {
  version: string;
  fastOnly: boolean;
  images: string;
  /** Content file -> hash of its text. */
  files: Record<string, string>;
  state: LintState;
  result: LintResult;
  rules: RuleMeta[];
}

const hash = (text: string | Buffer) => createHash('sha1').update(text).digest('hex');

function walk(dir: string, keep: (abs: string) => boolean, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, e.name);
    if (e.isDirectory()) walk(abs, keep, out);
    else if (keep(abs)) out.push(abs);
  }
  return out;
}

/**
 * The rule set's version: the package version and a hash of the rules' code and what they read
 * of the project (the engine, the schemas, each block's schema and the list of blocks).
 */
export function ruleSetVersion(root = ROOT): string {
  const h = createHash('sha1');
  const pkgFile = join(root, 'package.json');
  const pkg = (existsSync(pkgFile) ? JSON.parse(readFileSync(pkgFile, 'utf8')) : {}) as { version?: string };
  h.update(`${pkg.version}\0`);
  for (const abs of ruleSourceFiles(root)) h.update(`${relative(root, abs)}\0`).update(readFileSync(abs));
  return h.digest('hex');
}

/** The files the version hashes, sorted. */
export function ruleSourceFiles(root = ROOT): string[] {
  // TypeScript sources, or JavaScript compiled from them.
  const code = (abs: string) => /\.(ts|js|json)$/.test(abs) && !/\.test\.[jt]s$/.test(abs);
  const files = RULE_SOURCES.flatMap((p) => {
    const abs = join(root, p);
    return existsSync(abs) && statSync(abs).isDirectory() ? walk(abs, code) : [abs];
  });
  files.push(
    join(root, 'blocks', 'index.ts'),
    ...walk(join(root, 'blocks'), (abs) => abs.endsWith(`${sep}schema.json`)),
  );
  return files.filter((abs) => existsSync(abs)).sort();
}

/** The site's content files (as loadSite reads them) with their texts. */
function readContent(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (folder: string) => {
    for (const e of readdirSync(join(dir, folder), { withFileTypes: true })) {
      const rel = folder ? `${folder}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (kindOf(`${rel}/x.json`)) visit(rel);
      } else if (e.name.endsWith('.json') && kindOf(rel)) out.set(rel, readFileSync(join(dir, rel), 'utf8'));
    }
  };
  visit('');
  return out;
}

/** The image folder as names, sizes and modification times. */
function imagesKey(dir: string): string {
  const lines = walk(join(dir, 'images'), () => true).map((abs) => {
    const s = statSync(abs);
    return `${relative(dir, abs)}\0${s.size}\0${s.mtimeMs}`;
  });
  return hash(lines.sort().join('\n'));
}

/** The default cache file of a site: one per content folder, under node_modules/.cache/joinery. */
const defaultCacheFile = (siteDir: string) =>
  join(VALIDATOR_CACHE_DIR, `lint-${hash(resolve(siteDir)).slice(0, 16)}.json`);

/** `--cache-location`: a file, or a folder (an existing one, or a path ending in a slash) to hold one. */
export function cacheFileAt(location: string | undefined, siteDir: string): string {
  if (location === undefined) return defaultCacheFile(siteDir);
  const isDir = /[\\/]$/.test(location) || (existsSync(location) && statSync(location).isDirectory());
  return isDir ? join(location, defaultCacheFile(siteDir).slice(VALIDATOR_CACHE_DIR.length + 1)) : location;
}

function readCache(file: string): CacheFile | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
  } catch {
    return undefined; // none yet, or unreadable: lint everything
  }
}

export interface CachedLint {
  result: LintResult;
  /** The metas of the rules that ran, for the formatters. */
  rules: RuleMeta[];
  /** Whether the kept findings were printed as they were (nothing changed). */
  hit: boolean;
  /** The content files that changed since the cache was written (all of them without a cache). */
  changed: number;
}

export async function lintWithCache(
  siteDir: string,
  o: { cacheFile: string; fastOnly?: boolean; version?: string },
): Promise<CachedLint> {
  const version = o.version ?? ruleSetVersion();
  const fastOnly = !!o.fastOnly;
  const texts = readContent(siteDir);
  const hashes = Object.fromEntries([...texts].map(([rel, text]) => [rel, hash(text)]));
  const images = imagesKey(siteDir);
  const cached = readCache(o.cacheFile);
  const usable = cached?.version === version && cached.fastOnly === fastOnly && cached.images === images;
  const changed = [...new Set([...Object.keys(hashes), ...Object.keys(usable ? cached.files : {})])].filter(
    (rel) => !usable || cached.files[rel] !== hashes[rel],
  );
  const configPath = join(siteDir, CONFIG_FILE);
  const configText = existsSync(configPath) ? readFileSync(configPath, 'utf8') : null;
  if (usable && !changed.length && cached.state.configText === configText)
    return { result: cached.result, rules: cached.rules, hit: true, changed: 0 };

  const { IncrementalLint } = await import('./incremental.ts');
  const { rules } = await import('./rules/index.ts');
  const site: Site = {
    dir: siteDir,
    files: new Map([...texts].map(([rel, text]) => [rel, parseJsonFile(rel, join(siteDir, rel), text)])),
  };
  const lint = usable
    ? IncrementalLint.restore(site, cached.state, { fastOnly })
    : new IncrementalLint(site, { fastOnly });
  const result = lint.lint(usable ? changed : undefined);
  const ran = (fastOnly ? rules.filter((r) => r.fast) : rules).map((r) => r.meta);
  const entry: CacheFile = { version, fastOnly, images, files: hashes, state: lint.state(), result, rules: ran };
  mkdirSync(dirname(o.cacheFile), { recursive: true });
  const tmp = `${o.cacheFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(entry));
  renameSync(tmp, o.cacheFile);
  return { result, rules: ran, hit: false, changed: changed.length };
}
