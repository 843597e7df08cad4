/**
 * Every property of every block's props schema and every content schema has a description (an
 * editor shows it on hover, `joinery types` makes it a doc comment), and every example given
 * for a property is a value its schema accepts.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { editorBlocksSchemaPath } from './editor-schemas.ts';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockSchemaFile, blockTypes } from './blocks.ts';
import { ROOT, SCHEMAS_DIR } from './paths.ts';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  a: Ajv2020,
) => void;

interface SchemaFile {
  /** Path from the project root, as findings name it. */
  file: string;
  /** The id the schema is known by, so relative `$ref`s resolve as they do on disk. */
  id: string;
  schema: Record<string, unknown>;
}

function schemaFiles(): SchemaFile[] {
  // blocks.schema.json is generated from the block schemas checked below (its props are $refs to them).
  const content = readdirSync(SCHEMAS_DIR)
    .filter((f) => f.endsWith('.schema.json') && f !== basename(editorBlocksSchemaPath()))
    .sort()
    .map((f) => ({ path: join(SCHEMAS_DIR, f), id: `https://joinery.dev/schemas/${f}` }));
  const blocks = blockTypes()
    .filter((t) => existsSync(blockSchemaFile(t)))
    .map((t) => ({ path: blockSchemaFile(t), id: `https://joinery.dev/blocks/${t}/schema.json` }));
  return [...content, ...blocks].map(({ path, id }) => ({
    file: relative(ROOT, path),
    id,
    schema: JSON.parse(readFileSync(path, 'utf8')),
  }));
}

/** Keywords whose value is a map of schemas, a list of schemas, or one schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'propertyNames',
  'if',
  'then',
  'else',
  'not',
  'contains',
]);
/** Conditions and constraints on properties declared elsewhere: they declare none of their own. */
const CONDITIONS = new Set(['if', 'then', 'else', 'not', 'contains']);

interface Property {
  pointer: string;
  schema: Record<string, unknown>;
}

/** Every property a schema declares (nested objects, array items, definitions, branches). */
function propertiesOf(node: unknown, pointer = ''): Property[] {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const out: Property[] = [];
  for (const [key, value] of Object.entries(node)) {
    const at = `${pointer}/${key}`;
    if (CONDITIONS.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object')
      for (const [name, sub] of Object.entries(value)) {
        if (key === 'properties') out.push({ pointer: `${at}/${name}`, schema: sub as Record<string, unknown> });
        out.push(...propertiesOf(sub, `${at}/${name}`));
      }
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value))
      out.push(...value.flatMap((sub, i) => propertiesOf(sub, `${at}/${i}`)));
    else if (SCHEMA_VALUES.has(key)) out.push(...propertiesOf(value, at));
  }
  return out;
}

/** A `$data` or `$query` value is resolved at build time, before the schema sees it. */
const resolvedLater = (v: unknown) => !!v && typeof v === 'object' && ('$data' in v || '$query' in v);

describe('schema descriptions', () => {
  const files = schemaFiles();

  it('finds the block schemas and the content schemas', () => {
    expect(files.filter((f) => f.file.startsWith('blocks/')).length).toBe(
      blockTypes().filter((t) => existsSync(blockSchemaFile(t))).length,
    );
    expect(files.map((f) => f.file)).toContain('schemas/form.schema.json');
    expect(
      propertiesOf(files.find((f) => f.file === 'blocks/faq-list/schema.json')!.schema).map((p) => p.pointer),
    ).toEqual([
      '/properties/title',
      '/properties/faqs',
      '/properties/faqs/items/properties/question',
      '/properties/faqs/items/properties/answer',
    ]);
  });

  it('describes every property of every block schema and content schema', () => {
    const missing = files.flatMap(({ file, schema }) =>
      propertiesOf(schema)
        .filter((p) => typeof p.schema.description !== 'string' || !p.schema.description.trim())
        .map((p) => `${file}#${p.pointer}`),
    );
    expect(missing, `properties without a description:\n${missing.join('\n')}`).toEqual([]);
  });

  it("gives examples that the property's own schema accepts", () => {
    const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
    addFormats(ajv);
    for (const { id, schema } of files) ajv.addSchema({ ...schema, $id: id });
    // The pages' and templates' block lists point at the generated schema.
    const generated = editorBlocksSchemaPath();
    ajv.addSchema({
      ...JSON.parse(readFileSync(generated, 'utf8')),
      $id: `https://joinery.dev/schemas/${basename(generated)}`,
    });
    const wrong: string[] = [];
    let checked = 0;
    for (const { file, id, schema } of files)
      for (const p of propertiesOf(schema)) {
        if (!Array.isArray(p.schema.examples)) continue;
        const validate = ajv.getSchema(`${id}#${p.pointer}`);
        if (!validate) throw new Error(`${file}#${p.pointer}: not found`);
        for (const example of p.schema.examples) {
          if (resolvedLater(example)) continue;
          checked++;
          if (!validate(example))
            wrong.push(`${file}#${p.pointer}: ${JSON.stringify(example)} (${ajv.errorsText(validate.errors)})`);
        }
      }
    expect(checked).toBeGreaterThan(100);
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
