/**
 * SARIF 2.1.0, for code-scanning dashboards (GitHub code scanning, the SARIF viewers): the tool
 * with its version, each rule with its descriptions and its page as help, one result per finding
 * with its whole range, its text-edit fixes as SARIF fixes, and every file as a URI relative to
 * the repository root (`%SRCROOT%`), however `--site` was given.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Fix, Log, ReportingDescriptor, Result } from 'sarif';
import type { Finding } from '../../../engine/lint.ts';
import { ROOT } from '../../paths.ts';
import type { RuleMeta } from '../rule.ts';
import { didYouMeanText } from '../suggest.ts';
import type { Formatter } from './index.ts';

const SRCROOT = '%SRCROOT%';
/** A folder as an absolute file URI ending in "/", as base URIs must. */
function folderUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : `${href}/`;
}
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
/** Joinery's own folder, where its README and rule pages are. */
const TOOL_URI = folderUri(ROOT);

/**
 * The repository holding `dir` (the nearest folder with `.git`); outside one, the working
 * directory when it holds `dir`, else `dir` itself, so that every URI stays below the root.
 */
function repositoryRoot(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) break;
  }
  const cwd = process.cwd();
  return dir === cwd || dir.startsWith(`${cwd}${sep}`) ? cwd : dir;
}

/** A file path as a relative URI reference, each segment percent-encoded. */
const uriOf = (root: string, abs: string) => relative(root, abs).split(sep).map(encodeURIComponent).join('/');

/** Markdown as plain text: no fences, heading marks, emphasis or code ticks. */
const plain = (md: string) =>
  md
    .split('\n')
    .filter((l) => !l.startsWith('```'))
    .map((l) => l.replace(/^#+\s*/, '').replace(/\*\*|`/g, ''))
    .join('\n')
    .trim();

/** A rule's page and the paragraph under its "What it finds" heading. */
function ruleDocs(r: RuleMeta): { markdown: string; finds: string } {
  const file = join(ROOT, r.docs.url);
  const markdown = existsSync(file) ? readFileSync(file, 'utf8').trim() : r.docs.description;
  const finds = /^## What it finds\n+([\s\S]*?)(?=\n## |$)/m.exec(markdown)?.[1];
  return { markdown, finds: finds ? plain(finds).replace(/\s+/g, ' ') : r.docs.description };
}

/** SARIF's friendly name is one Pascal-case identifier ("Invalid JSON": InvalidJson). */
const pascalCase = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join('');

const level = (severity: string) => (severity === 'error' ? 'error' : 'warning');

function descriptor(r: RuleMeta): ReportingDescriptor {
  const { markdown, finds } = ruleDocs(r);
  return {
    id: r.code,
    name: pascalCase(r.name),
    shortDescription: { text: r.docs.description },
    fullDescription: { text: finds },
    help: { text: plain(markdown), markdown },
    helpUri: new URL(r.docs.url, TOOL_URI).href,
    defaultConfiguration: { level: level(r.severity) },
  };
}

/** The message with the command that fixes it and the nearest names, when the rule gave them. */
function messageText(f: Finding): string {
  const named = f.suggestions?.length && !f.message.includes('(did you mean') ? didYouMeanText(f.suggestions) : '';
  return `${f.message}${named}${f.fix ? ` (fix: ${f.fix})` : ''}`;
}

function sarifLog(findings: Finding[], siteDir: string, rules: RuleMeta[]): Log {
  const site = resolve(siteDir);
  const root = repositoryRoot(site);
  const location = (file: string) => ({ uri: uriOf(root, join(site, file)), uriBaseId: SRCROOT });
  const index = new Map(rules.map((r, i) => [r.code, i]));
  const fixes = (f: Finding): Fix[] =>
    (f.fixes ?? []).map((x) => ({
      description: { text: x.description },
      artifactChanges: [
        {
          artifactLocation: location(x.file),
          replacements: x.edits.map((e) => ({
            deletedRegion: { charOffset: e.offset, charLength: e.length },
            insertedContent: { text: e.content },
          })),
        },
      ],
      properties: { certain: x.certain },
    }));
  const result = (f: Finding): Result => ({
    ruleId: f.ruleId,
    ...(index.has(f.ruleId) && { ruleIndex: index.get(f.ruleId) }),
    level: level(f.severity),
    message: { text: messageText(f) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: location(f.file),
          region: {
            startLine: f.line,
            startColumn: f.column,
            ...(f.endLine !== undefined && { endLine: f.endLine, endColumn: f.endColumn }),
          },
        },
        ...(f.pointer && { logicalLocations: [{ fullyQualifiedName: f.pointer, kind: 'member' }] }),
      },
    ],
    ...(f.fixes?.length && { fixes: fixes(f) }),
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'joinery',
            version,
            semanticVersion: version,
            informationUri: new URL('README.md', TOOL_URI).href,
            rules: rules.map(descriptor),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: folderUri(root) } },
        columnKind: 'utf16CodeUnits',
        results: findings.map(result),
      },
    ],
  };
}

const sarif: Formatter = (findings, { siteDir, rules }) => JSON.stringify(sarifLog(findings, siteDir, rules), null, 2);

export default sarif;
