/** SARIF 2.1.0, for code-scanning dashboards: the rules as tool.driver.rules, one result per finding. */
import type { Formatter } from './index.ts';
import { displayPath } from './paths.ts';

const sarif: Formatter = (findings, { siteDir, rules }) => {
  const index = new Map(rules.map((r, i) => [r.code, i]));
  return JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'joinery',
              rules: rules.map((r) => ({
                id: r.code,
                name: r.name,
                shortDescription: { text: r.docs.description },
                defaultConfiguration: { level: r.severity === 'error' ? 'error' : 'warning' },
              })),
            },
          },
          results: findings.map((f) => ({
            ruleId: f.ruleId,
            ...(index.has(f.ruleId) && { ruleIndex: index.get(f.ruleId) }),
            level: f.severity === 'error' ? 'error' : 'warning',
            message: { text: f.fix ? `${f.message} (fix: ${f.fix})` : f.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: displayPath(siteDir, f.file) },
                  region: { startLine: f.line, startColumn: f.column },
                },
                ...(f.pointer && { logicalLocations: [{ fullyQualifiedName: f.pointer, kind: 'member' }] }),
              },
            ],
          })),
        },
      ],
    },
    null,
    2,
  );
};

export default sarif;
