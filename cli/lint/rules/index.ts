/** The central list of lint rules, in the order they run. */
import jsonSyntax from './json-syntax.ts';
import schema from './schema.ts';
import unknownBlock from './unknown-block.ts';
import type { Rule } from '../rule.ts';

export const rules: Rule[] = [jsonSyntax, schema, unknownBlock];
