/**
 * ajv (draft 2020-12) over the content schemas and every block's props schema. Schemas are
 * compiled once per process; validation returns errors as JSON Pointers and plain messages.
 * Node only: ajv never reaches the browser bundle.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv2020) => void;

export interface SchemaError {
  /** JSON Pointer into the validated value. */
  pointer: string;
  message: string;
  /** Point at the property key rather than its value (unknown property). */
  atKey?: boolean;
}

export interface Validator {
  /** Validate with a content schema by file name, e.g. "page.schema.json". */
  validate(schemaFile: string, value: unknown): SchemaError[];
  hasSchema(schemaFile: string): boolean;
  validateBlock(type: string, props: unknown): SchemaError[];
  hasBlock(type: string): boolean;
}

export interface BlockSchemaSource {
  type: string;
  schema: object;
}

export function readSchemasDir(dir: string): Record<string, object> {
  const out: Record<string, object> = {};
  for (const f of readdirSync(dir)) if (f.endsWith('.schema.json')) out[f] = JSON.parse(readFileSync(join(dir, f), 'utf8'));
  return out;
}

export function createValidator(schemas: Record<string, object>, blocks: BlockSchemaSource[]): Validator {
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
  addFormats(ajv);
  for (const [file, schema] of Object.entries(schemas)) ajv.addSchema(schema, file);
  const compiled = new Map<string, ValidateFunction>();
  const get = (key: string) => {
    let fn = compiled.get(key);
    if (!fn) {
      fn = ajv.getSchema(key)!;
      compiled.set(key, fn);
    }
    return fn;
  };
  const blockKeys = new Map<string, string>();
  for (const b of blocks) {
    const key = `block:${b.type}`;
    ajv.addSchema({ ...b.schema, $id: undefined }, key);
    blockKeys.set(b.type, key);
  }
  const run = (key: string, value: unknown) => {
    const fn = get(key);
    return fn(value) ? [] : toSchemaErrors(fn.errors ?? []);
  };
  return {
    validate: (file, value) => run(file, value),
    hasSchema: (file) => file in schemas,
    validateBlock: (type, props) => run(blockKeys.get(type)!, props ?? {}),
    hasBlock: (type) => blockKeys.has(type),
  };
}

/** ajv errors -> one readable message per problem (anyOf/oneOf noise folded). */
export function toSchemaErrors(errors: ErrorObject[]): SchemaError[] {
  const out: SchemaError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    let pointer = e.instancePath;
    let message: string;
    let atKey = false;
    switch (e.keyword) {
      case 'required':
        message = `missing required property "${(e.params as { missingProperty: string }).missingProperty}"`;
        break;
      case 'additionalProperties': {
        const prop = (e.params as { additionalProperty: string }).additionalProperty;
        message = `has unknown property "${prop}"`;
        out.push({ pointer: `${pointer}/${prop.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: `${pointer ? `"${pointer}"` : 'the document'} ${message}`, atKey: true });
        continue;
        atKey = true;
        break;
      }
      case 'enum':
        message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      case 'const':
        message = `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
        break;
      default:
        message = e.message ?? 'is invalid';
    }
    const text = `${pointer || '/'} ${message}`;
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ pointer, message: `${pointer ? `"${pointer}"` : 'the document'} ${message}`, atKey });
  }
  return out;
}
