/**
 * The documents name what exists: every repository path written in code style in ARCHITECTURE.md,
 * the README and docs/ is a file or folder here, and every code name ARCHITECTURE.md mentions
 * (a function, component, type, constant or variable) appears in the sources.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const TOP = ['bench', 'blocks', 'cli', 'docs', 'editors', 'engine', 'schemas', 'server', 'site-config', 'tests'];
const DOCS = [
  'ARCHITECTURE.md',
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Code spans of a Markdown text (fenced blocks left out: they show commands and output). */
function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
}

/** A span that is a repository path without placeholders (NAME, <type>, {slug}, *, ...). */
function repoPath(span: string): string | undefined {
  const path = span.replace(/[:#].*$/, '').replace(/\/$/, '');
  if (!TOP.some((t) => path === t || path.startsWith(`${t}/`))) return undefined;
  if (/[A-Z]{3,}|[<>{}*?\s]|\.\.\./.test(path)) return undefined;
  return path;
}

/** A span that names code: camelCase, PascalCase or CONSTANT_CASE, with or without a call's `()`. */
function codeName(span: string): string | undefined {
  const name = span.replace(/\(\)$/, '');
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const camel = /[a-z][A-Z]/.test(name) || /^[A-Z][a-z]+[A-Z]/.test(name);
  const constant = /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name);
  return camel || constant ? name : undefined;
}

/** Every source file's text (code, schemas, configuration), to look names up in. */
function sourceText(): string {
  const dirs = ['bench', 'blocks', 'cli', 'engine', 'server', 'tests', 'schemas'];
  const files = dirs.flatMap((d) =>
    readdirSync(join(ROOT, d), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx|js|json)$/.test(f) && !f.includes('node_modules'))
      .map((f) => join(d, f)),
  );
  const top = readdirSync(ROOT).filter((f) => /\.(ts|js|json)$/.test(f));
  return [...top, ...files].map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');
}
const sources = sourceText();

describe('the documents match the code', () => {
  for (const doc of DOCS) {
    it(`${doc}: every path it names exists`, () => {
      const missing = codeSpans(readFileSync(join(ROOT, doc), 'utf8'))
        .map(repoPath)
        .filter((p): p is string => p !== undefined && !existsSync(join(ROOT, p)));
      expect([...new Set(missing)]).toEqual([]);
    });
  }

  it('ARCHITECTURE.md: every code name it mentions appears in the sources', () => {
    const names = codeSpans(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8'))
      .map(codeName)
      .filter((n): n is string => n !== undefined);
    const missing = [...new Set(names)].filter((n) => !new RegExp(`\\b${n.replace(/\$/g, '\\$')}\\b`).test(sources));
    expect(missing).toEqual([]);
  });
});
