/**
 * ajv (draft 2020-12) over the content schemas and every block's props schema. Schemas are
 * compiled once per process; validation returns errors as JSON Pointers and plain messages.
 * Node only: ajv never reaches the browser bundle.
 */
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cachedDataVersionTag } from 'node:v8';
import { Script } from 'node:vm';

// ajv's compiler is loaded only when a schema set is compiled: with the cache, a process needs only its runtime.
const requireCjs = createRequire(import.meta.url);
const ajvCompiler = () => ({
  Ajv: (requireCjs('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020,
  addFormats: requireCjs('ajv-formats') as (a: Ajv2020) => void,
  standaloneCode: requireCjs('ajv/dist/standalone/index.js') as (a: Ajv2020, refs: Record<string, string>) => string,
});

export interface SchemaError {
  /** JSON Pointer into the validated value. */
  pointer: string;
  message: string;
  /** Point at the property key rather than its value (unknown property). */
  atKey?: boolean;
  /** An unknown property: the names the schema declares for that object. */
  allowed?: string[];
  /** A missing required property: its name. */
  missing?: string;
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
  for (const f of readdirSync(dir))
    if (f.endsWith('.schema.json')) out[f] = JSON.parse(readFileSync(join(dir, f), 'utf8'));
  return out;
}

export interface ValidatorOptions {
  /**
   * Folder for compiled validators. Compiling every schema costs a few hundred ms per process;
   * with a cache the generated code (ajv standalone) is written once per set of schemas and
   * later processes load it instead, so `joinery lint` starts fast.
   */
  cacheDir?: string;
}

const BLOCK_SCHEMA_BASE = 'https://joinery.dev/blocks/';

type Fn = ValidateFunction | (((data: unknown) => boolean) & { errors?: ErrorObject[] | null });

export function createValidator(
  schemas: Record<string, object>,
  blocks: BlockSchemaSource[],
  opts: ValidatorOptions = {},
): Validator {
  const keys = [...Object.keys(schemas).sort(), ...blocks.map((b) => `block:${b.type}`).sort()];
  // Named before compiling: ajv may annotate the schema objects it is given.
  const file = opts.cacheDir && cacheFile(opts.cacheDir, schemas, blocks);
  const cached = file ? loadCached(file, keys) : undefined;
  const fns = cached?.fns ?? compileAll(schemas, blocks, keys, file || undefined);
  const run = (key: string, value: unknown) => {
    cached?.ran(key);
    const fn = fns.get(key)!;
    return fn(value) ? [] : toSchemaErrors(fn.errors ?? []);
  };
  return {
    validate: (file, value) => run(file, value),
    hasSchema: (file) => file in schemas,
    validateBlock: (type, props) => run(`block:${type}`, props ?? {}),
    hasBlock: (type) => fns.has(`block:${type}`),
  };
}

// verbose: an error carries its parent schema, whose `properties` are the names allowed there.
const AJV_OPTIONS = { allErrors: true, strict: false, allowUnionTypes: true, verbose: true };

function newAjv(source: boolean) {
  const { Ajv, addFormats } = ajvCompiler();
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source } });
  addFormats(ajv);
  return ajv;
}

function cacheFile(dir: string, schemas: Record<string, object>, blocks: BlockSchemaSource[]) {
  const version = (requireCjs('ajv/package.json') as { version: string }).version;
  const hash = createHash('sha256')
    .update(JSON.stringify([version, AJV_OPTIONS, schemas, blocks]))
    .digest('hex')
    .slice(0, 20);
  return join(dir, `validators-${hash}.cjs`);
}

/** A code cache file: the keys validated when it was written (a JSON line), then V8's data. */
function readCodeCache(v8File: string): { covered: Set<string>; cachedData?: Buffer } {
  const saved = existsSync(v8File) ? readFileSync(v8File) : undefined;
  const head = saved?.[0] === 0x5b ? saved.indexOf(10) : -1;
  try {
    if (saved && head > 0)
      return { covered: new Set(JSON.parse(saved.subarray(0, head).toString())), cachedData: saved.subarray(head + 1) };
  } catch {}
  return { covered: new Set() }; // none, or another format: written again
}

/**
 * The cached validators, and `ran(key)` to call before each validation. V8's code cache holds the
 * functions compiled before it was written; it starts with the keys validated by then, and is
 * written again, with this run's functions added, once a run validates a key it does not list.
 */
function loadCached(file: string, keys: string[]): { fns: Map<string, Fn>; ran: (key: string) => void } | undefined {
  if (!existsSync(file)) return undefined;
  try {
    // Evaluated directly rather than through require(), which a TS loader hook would transpile;
    // with V8's code cache of an earlier run, its megabytes are not parsed again. One cache per
    // V8 version and flags (`joinery lint` runs without the optimizing compiler): V8 refuses others.
    const v8File = `${file}.${cachedDataVersionTag()}.v8`;
    const { covered, cachedData } = readCodeCache(v8File);
    const script = new Script(`(function (exports, require, module) {${readFileSync(file, 'utf8')}\n})`, {
      filename: file,
      cachedData,
    });
    const mod: Record<string, Fn> = {};
    script.runInThisContext()(mod, createRequire(file), { exports: mod });
    if (script.cachedDataRejected) covered.clear();
    let pending = false;
    // Written after this turn's validations, so the cache holds the functions they compiled.
    const save = () => {
      if (pending) return;
      pending = true;
      setImmediate(() => {
        pending = false;
        writeAtomically(
          v8File,
          Buffer.concat([Buffer.from(`${JSON.stringify([...covered])}\n`), script.createCachedData()]),
        );
      });
    };
    if (!cachedData || script.cachedDataRejected) save();
    const ran = (key: string) => {
      if (covered.has(key)) return;
      covered.add(key);
      save();
    };
    return { fns: new Map(keys.map((k, i) => [k, mod[`v${i}`]!])), ran };
  } catch {
    return undefined; // a damaged cache file is rebuilt
  }
}

/** Writes through a temporary file, so a reader sees the old file or the whole new one; a failure is ignored (a cache). */
function writeAtomically(file: string, data: string | Buffer) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}

function compileAll(
  schemas: Record<string, object>,
  blocks: BlockSchemaSource[],
  keys: string[],
  file?: string,
): Map<string, Fn> {
  const ajv = newAjv(!!file);
  for (const [file, schema] of Object.entries(schemas)) ajv.addSchema(schema, file);
  // A block's schema gets the $id its file would have beside the content schemas' ids
  // (https://joinery.dev/blocks/TYPE/schema.json), so `../../schemas/block-parts.schema.json#/...`
  // resolves here as it does on disk (editors, `joinery types`).
  for (const b of blocks)
    ajv.addSchema({ ...b.schema, $id: `${BLOCK_SCHEMA_BASE}${b.type}/schema.json` }, `block:${b.type}`);
  const fns = new Map<string, Fn>(keys.map((k) => [k, ajv.getSchema(k)!]));
  if (file) {
    try {
      const code = ajvCompiler().standaloneCode(ajv, Object.fromEntries(keys.map((k, i) => [`v${i}`, k])));
      const cacheDir = dirname(file);
      mkdirSync(cacheDir, { recursive: true });
      writeAtomically(file, code);
      // Keep only the current set: older files belong to schemas that have since changed.
      for (const f of readdirSync(cacheDir))
        if (f.startsWith('validators-') && join(cacheDir, f) !== file && !f.endsWith('.tmp'))
          rmSync(join(cacheDir, f), { force: true });
    } catch {
      // The cache is an optimisation only; validation above does not depend on it.
    }
  }
  return fns;
}

/** ajv errors -> one readable message per problem (anyOf/oneOf noise folded). */
function toSchemaErrors(errors: ErrorObject[]): SchemaError[] {
  const out: SchemaError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    const pointer = e.instancePath;
    let message: string;
    switch (e.keyword) {
      case 'required': {
        const missing = (e.params as { missingProperty: string }).missingProperty;
        message = `is missing required property "${missing}"`;
        if (seen.has(`${pointer || '/'} ${message}`)) continue;
        seen.add(`${pointer || '/'} ${message}`);
        out.push({
          pointer,
          message: `${pointer ? `"${pointer}"` : 'the document'} ${message}`,
          atKey: false,
          missing,
        });
        continue;
      }
      case 'additionalProperties': {
        const prop = (e.params as { additionalProperty: string }).additionalProperty;
        const declared = (e.parentSchema as { properties?: object } | undefined)?.properties;
        out.push({
          pointer: `${pointer}/${prop.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          message: `${pointer ? `"${pointer}"` : 'the document'} has unknown property "${prop}"`,
          atKey: true,
          ...(declared && { allowed: Object.keys(declared) }),
        });
        continue;
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
    out.push({ pointer, message: `${pointer ? `"${pointer}"` : 'the document'} ${message}`, atKey: false });
  }
  return out;
}
