/**
 * A block's prop defaults, read from its props schema: the `default` of a property, also inside
 * nested objects (`properties`) and array items (`items`), through the schema's own `$ref`s
 * (`#/...`). As in JSON Schema, a nested default applies only where its object is present: an
 * object that must always be there has a default of its own (`"default": {}`).
 */
export interface Defaults {
  value?: unknown;
  properties?: Record<string, Defaults>;
  items?: Defaults;
}

type Schema = { [k: string]: unknown };

const compiled = new WeakMap<object, Defaults | null>();

/** The defaults of a props schema (undefined when it has none); computed once per schema object. */
export function schemaDefaults(schema: object): Defaults | undefined {
  let d = compiled.get(schema);
  if (d === undefined) {
    d = read(schema as Schema, schema as Schema, new Set()) ?? null;
    compiled.set(schema, d);
  }
  return d ?? undefined;
}

function local(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const key of ref.slice(2).split('/')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Schema)[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node && typeof node === 'object' ? (node as Schema) : undefined;
}

function read(node: Schema, root: Schema, refs: Set<string>): Defaults | undefined {
  if (typeof node.$ref === 'string') {
    const target = refs.has(node.$ref) ? undefined : local(root, node.$ref);
    if (target) {
      const inner = read(target, root, new Set(refs).add(node.$ref));
      if (node.default === undefined) return inner;
      return { ...inner, value: node.default };
    }
  }
  const out: Defaults = {};
  if (node.default !== undefined) out.value = node.default;
  if (node.properties && typeof node.properties === 'object') {
    const props: Record<string, Defaults> = {};
    for (const [k, p] of Object.entries(node.properties as Record<string, Schema>)) {
      const d = p && typeof p === 'object' ? read(p, root, refs) : undefined;
      if (d) props[k] = d;
    }
    if (Object.keys(props).length) out.properties = props;
  }
  if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
    const d = read(node.items as Schema, root, refs);
    if (d) out.items = d;
  }
  return Object.keys(out).length ? out : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The value with the defaults it lacks filled in; the value itself when nothing was missing (never mutated). */
export function withDefaults<T>(value: T, d: Defaults | undefined): T {
  if (!d) return value;
  let v: unknown = value;
  if (v === undefined) {
    if (d.value === undefined) return value;
    v = typeof d.value === 'object' && d.value !== null ? structuredClone(d.value) : d.value;
  }
  if (d.properties && isObject(v)) {
    let out = v;
    for (const [k, sub] of Object.entries(d.properties)) {
      const next = withDefaults(v[k], sub);
      if (next !== v[k]) {
        if (out === v) out = { ...v };
        out[k] = next;
      }
    }
    v = out;
  } else if (d.items && Array.isArray(v)) {
    const items = d.items;
    const next = v.map((item) => withDefaults(item, items));
    if (next.some((item, i) => item !== (v as unknown[])[i])) v = next;
  }
  return v as T;
}
