/** The central list of lint rules, in the order they run. `fast` ones also run in `joinery check`. */
import brokenLink from './broken-link.ts';
import dataRef from './data-ref.ts';
import duplicateRoute from './duplicate-route.ts';
import jsonSyntax from './json-syntax.ts';
import missingFile from './missing-file.ts';
import schema from './schema.ts';
import unknownBlock from './unknown-block.ts';
import type { Rule } from '../rule.ts';

export const rules: Rule[] = [jsonSyntax, missingFile, schema, unknownBlock, brokenLink, duplicateRoute, dataRef];
