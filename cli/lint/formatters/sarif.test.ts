/**
 * `joinery lint --format sarif` as CI runs it: the log validates against the official SARIF 2.1.0
 * schema, and every file is a URI relative to the repository root whether --site was absolute or
 * relative. Microsoft's SARIF Multitool, when it can run here, finds no error or warning with its
 * GitHub code-scanning rules either.
 */
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Log } from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../paths.ts';

const require = createRequire(import.meta.url);
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  a: Ajv2020,
) => void;
// The Multitool package exports the path of this platform's binary; its schema file lies beside it.
const MULTITOOL: string = require('@microsoft/sarif-multitool');
const MULTITOOL_DIR = dirname(MULTITOOL);
const schema = JSON.parse(readFileSync(join(MULTITOOL_DIR, 'sarif-2.1.0.json'), 'utf8'));

const FIXTURE = 'tests/fixtures/unknown-block';
const tmp = mkdtempSync(join(tmpdir(), 'joinery-sarif-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function lintSarif(site: string): { text: string; log: Log } {
  const r = spawnSync(process.execPath, [join(ROOT, 'cli', 'bin.js'), '--site', site, 'lint', '--format', 'sarif'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(r.status).toBe(1);
  return { text: r.stdout, log: JSON.parse(r.stdout) };
}

/** The Multitool binary, made executable (npm ci skips its chmod), or undefined where it cannot start. */
function multitool(): string | undefined {
  let bin = MULTITOOL;
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    const copy = join(tmp, 'Sarif.Multitool');
    copyFileSync(bin, copy);
    chmodSync(copy, 0o755);
    bin = copy;
  }
  return spawnSync(bin, ['--version'], { encoding: 'utf8' }).status === 0 ? bin : undefined;
}

describe('joinery lint --format sarif', () => {
  let absolute: { text: string; log: Log };
  beforeAll(() => {
    absolute = lintSarif(join(ROOT, FIXTURE));
  });

  it('validates against the SARIF 2.1.0 schema', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(absolute.log) ? [] : validate.errors).toEqual([]);
    const driver = absolute.log.runs[0]!.tool.driver;
    expect(driver.informationUri).toMatch(/^file:\/\//);
    for (const rule of driver.rules!) {
      expect(rule.fullDescription?.text).toBeTruthy();
      expect(rule.help?.markdown).toContain(`# \`${rule.id}\``);
    }
  });

  it('gives each file relative to the repository root with %SRCROOT%, for an absolute or a relative --site', () => {
    const run = absolute.log.runs[0]!;
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: expect.stringMatching(/^file:\/\/\/.*\/$/) } });
    const faq = run.results!.find((r) => r.message.text?.includes('"faq-lst"'))!;
    expect(faq.message.text).toBe('unknown block type "faq-lst" (did you mean "faq-list"?)');
    expect(faq.locations![0]!.physicalLocation).toEqual({
      artifactLocation: { uri: `${FIXTURE}/pages/about.json`, uriBaseId: '%SRCROOT%' },
      region: { startLine: 6, startColumn: 15, endLine: 6, endColumn: 24 },
    });
    // The certain fix as a SARIF fix: the quoted type replaced in place.
    const about = readFileSync(join(ROOT, FIXTURE, 'pages/about.json'), 'utf8');
    const change = faq.fixes![0]!.artifactChanges[0]!;
    expect(change.artifactLocation).toEqual({ uri: `${FIXTURE}/pages/about.json`, uriBaseId: '%SRCROOT%' });
    const { deletedRegion, insertedContent } = change.replacements[0]!;
    expect(about.slice(deletedRegion.charOffset!, deletedRegion.charOffset! + deletedRegion.charLength!)).toBe(
      '"faq-lst"',
    );
    expect(insertedContent?.text).toBe('"faq-list"');
    for (const r of run.results!)
      expect(r.locations![0]!.physicalLocation!.artifactLocation!.uri).toMatch(new RegExp(`^${FIXTURE}/`));
    expect(lintSarif(FIXTURE).text).toBe(absolute.text);
  });

  const bin = multitool();
  it.skipIf(!bin)(
    "has no error or warning by the SARIF Multitool's SARIF and GitHub rules",
    () => {
      const input = join(tmp, 'lint.sarif');
      const output = join(tmp, 'validation.sarif');
      rmSync(output, { force: true });
      writeFileSync(input, absolute.text);
      const r = spawnSync(bin!, ['validate', '--rule-kind', 'Sarif;Gh', '-o', output, input], { encoding: 'utf8' });
      expect(r.stdout).toContain('Analysis completed successfully');
      const problems = (JSON.parse(readFileSync(output, 'utf8')) as Log).runs[0]!.results ?? [];
      expect(problems.map((p) => `${p.ruleId} ${p.level}: ${p.message.arguments?.join(' | ')}`)).toEqual([]);
    },
    120_000,
  );
});
