import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../engine/node.ts';
import { rules } from '../rules/index.ts';
import { formatters } from './index.ts';

const findings: Finding[] = [
  {
    ruleId: 'missing-file',
    severity: 'error',
    message: 'route "/about": page file pages/about.json does not exist',
    file: 'routes.json',
    line: 13,
    column: 15,
    pointer: '/routes/1/page',
    fix: 'joinery new page about',
  },
  {
    ruleId: 'broken-link',
    severity: 'warning',
    message: 'link "/a,b" points to no route\nsecond line 100%',
    file: 'pages/home.json',
    line: 3,
    column: 5,
    pointer: '/blocks/0/props/intro',
  },
];
const ctx = { siteDir: 'site-config', rules: rules.map((r) => r.meta) };

describe('formatters', () => {
  it('json: an array of findings with paths from the working directory', () => {
    expect(JSON.parse(formatters.json!(findings, ctx))).toEqual([
      {
        ruleId: 'missing-file',
        severity: 'error',
        message: 'route "/about": page file pages/about.json does not exist',
        file: 'site-config/routes.json',
        line: 13,
        column: 15,
        pointer: '/routes/1/page',
        fix: 'joinery new page about',
      },
      {
        ruleId: 'broken-link',
        severity: 'warning',
        message: 'link "/a,b" points to no route\nsecond line 100%',
        file: 'site-config/pages/home.json',
        line: 3,
        column: 5,
        pointer: '/blocks/0/props/intro',
      },
    ]);
    expect(formatters.json!([], ctx)).toBe('[]');
  });

  it('github: one workflow command per finding, escaped', () => {
    expect(formatters.github!(findings, ctx).split('\n')).toEqual([
      '::error file=site-config/routes.json,line=13,col=15,title=missing-file::route "/about": page file pages/about.json does not exist (fix: joinery new page about)',
      '::warning file=site-config/pages/home.json,line=3,col=5,title=broken-link::link "/a,b" points to no route%0Asecond line 100%25',
    ]);
  });

  it('sarif: version 2.1.0, the rules as tool.driver.rules, one result per finding', () => {
    const log = JSON.parse(formatters.sarif!(findings, ctx));
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    expect(run.tool.driver).toMatchObject({ name: 'joinery', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(rules.map((r) => r.meta.code));
    expect(run.tool.driver.rules.find((r: { id: string }) => r.id === 'missing-file')).toMatchObject({
      name: 'MissingFile',
      shortDescription: { text: rules.find((r) => r.meta.code === 'missing-file')!.meta.docs.description },
      help: { markdown: expect.stringContaining('## How to fix') },
      helpUri: expect.stringMatching(/^file:\/\/.*\/docs\/rules\/missing-file\.md$/),
    });
    expect(run.results).toHaveLength(2);
    expect(run.results[0]).toMatchObject({
      ruleId: 'missing-file',
      ruleIndex: rules.findIndex((r) => r.meta.code === 'missing-file'),
      level: 'error',
      message: { text: 'route "/about": page file pages/about.json does not exist (fix: joinery new page about)' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'site-config/routes.json', uriBaseId: '%SRCROOT%' },
            region: { startLine: 13, startColumn: 15 },
          },
        },
      ],
    });
    expect(run.results[1].level).toBe('warning');
  });

  it('stylish: grouped by file with line:column, severity, message, rule id and the fix', () => {
    const out = formatters.stylish!(findings, ctx);
    expect(out).toContain(
      'site-config/routes.json\n  13:15  error    route "/about": page file pages/about.json does not exist  missing-file  (/routes/1/page)\n      fix: joinery new page about',
    );
    expect(out).toContain('✖ 2 problems (1 error, 1 warning)');
    // Each reported rule's doc, once, in the order the rules first appear, then where to configure them.
    expect(
      out.endsWith(
        '\n\nRule docs:\n  missing-file  docs/rules/missing-file.md\n  broken-link   docs/rules/broken-link.md' +
          "\n\nA rule's severity, or off, per file: joinery.config.json (docs/rules/README.md)",
      ),
    ).toBe(true);
    expect(formatters.stylish!([], ctx)).toBe('');
  });
  it('json and stylish: the end, the nearest names and the certain fixes of a finding', () => {
    const typo: Finding = {
      ruleId: 'unknown-block',
      severity: 'error',
      message: 'unknown block type "faq-lst" (did you mean "faq-list"?)',
      file: 'pages/faqs.json',
      line: 5,
      column: 15,
      endLine: 5,
      endColumn: 24,
      pointer: '/blocks/0/type',
      suggestions: ['faq-list'],
      fixes: [
        {
          description: 'Replace "faq-lst" with "faq-list"',
          file: 'pages/faqs.json',
          edits: [{ offset: 80, length: 9, content: '"faq-list"' }],
          certain: true,
        },
      ],
    };
    expect(JSON.parse(formatters.json!([typo], ctx))[0]).toMatchObject({
      endLine: 5,
      endColumn: 24,
      suggestions: ['faq-list'],
      fixes: [
        {
          file: 'site-config/pages/faqs.json',
          edits: [{ offset: 80, length: 9, content: '"faq-list"' }],
          certain: true,
        },
      ],
    });
    expect(formatters.stylish!([typo, findings[1]!], ctx)).toContain(
      '✖ 2 problems (1 error, 1 warning)\n  1 of them fixable with `joinery lint --fix`',
    );
    expect(formatters.stylish!(findings, ctx)).not.toContain('fixable');
  });
});
