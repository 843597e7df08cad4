import { EXIT_OK } from '../exit-codes.ts';
import { rules } from '../lint/rules/index.ts';

/** The lines `joinery rules` prints: each rule's id, severity, description and the page that explains it. */
export function ruleLines(): string[] {
  const width = Math.max(...rules.map((r) => r.meta.code.length));
  return rules.flatMap(({ meta, fast }) => [
    `${meta.code.padEnd(width)}  ${meta.severity.padEnd(7)}  ${meta.docs.description}${fast ? ' (also in joinery check)' : ''}`,
    `${''.padEnd(width)}  ${''.padEnd(7)}  ${meta.docs.url}`,
  ]);
}

/** `joinery rules`: every lint rule, in the order they run. */
export async function rulesCommand(): Promise<number> {
  console.log(ruleLines().join('\n'));
  return EXIT_OK;
}
