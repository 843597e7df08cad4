/**
 * The facts a block states in two places agree: the type string in blocks/index.ts and in its
 * defineBlock({ type }), and every default value in its schema.json and in its component's
 * parameter defaults. Both are kept on purpose: the schema's default is what authors, editors
 * and the linter see; the component's default is what renders when a page leaves the prop out
 * (the engine passes props as written, and block tests render components directly). This test
 * reads the component's source with the TypeScript parser, so a default changed on one side
 * only fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'rolldown/utils'; // the parser Vite's bundler ships (oxc), no native package of its own
import { describe, expect, it } from 'vitest';
import { blockLoaders } from './index.ts';

const BLOCKS_DIR = import.meta.dirname;
const types = Object.keys(blockLoaders);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
// The parser's ESTree nodes, read loosely: this test walks only a few node kinds.
type Node = { type: string; [k: string]: any };
const UNREADABLE = Symbol('unreadable');
/** A default that is a constant imported from another module: its value is read by importing it. */
const IMPORTED = Symbol('imported');

function parse(file: string): Node[] {
  const { program, errors } = parseSync(file, readFileSync(file, 'utf8'));
  if (errors.length) throw new Error(`${file}: ${errors[0]!.message}`);
  return (program.body as Node[]).map((st) =>
    (st.type === 'ExportNamedDeclaration' || st.type === 'ExportDefaultDeclaration') &&
    st.declaration?.type?.endsWith('Declaration')
      ? st.declaration
      : st,
  );
}

const keyName = (k: Node) =>
  k.type === 'Identifier' ? (k.name as string) : k.type === 'Literal' ? String(k.value) : undefined;

/** The value of a literal expression (or of a top-level const holding one), else UNREADABLE. */
function literal(node: Node, body: Node[]): Json | typeof UNREADABLE {
  switch (node.type) {
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return literal(node.expression, body);
    case 'Literal':
      return node.value as Json;
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? (node.quasis[0].value.cooked as string) : UNREADABLE;
    case 'UnaryExpression':
      return node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number'
        ? -node.argument.value
        : UNREADABLE;
    case 'ArrayExpression': {
      const items = (node.elements as Node[]).map((e) => (e ? literal(e, body) : UNREADABLE));
      return items.includes(UNREADABLE) ? UNREADABLE : (items as Json[]);
    }
    case 'ObjectExpression': {
      const out: Record<string, Json> = {};
      for (const p of node.properties as Node[]) {
        const k = p.type === 'Property' && !p.computed ? keyName(p.key) : undefined;
        const v = k === undefined ? UNREADABLE : literal(p.value, body);
        if (v === UNREADABLE) return UNREADABLE;
        out[k!] = v;
      }
      return out;
    }
    case 'Identifier':
      for (const st of body) {
        if (st.type === 'VariableDeclaration')
          for (const d of st.declarations as Node[])
            if (d.id.type === 'Identifier' && d.id.name === node.name && d.init) return literal(d.init, body);
        if (st.type === 'ImportDeclaration' && String(st.source.value).startsWith('.'))
          for (const sp of st.specifiers as Node[])
            if (sp.type === 'ImportSpecifier' && sp.local.name === node.name)
              return { [IMPORTED]: { from: st.source.value, name: keyName(sp.imported)! } } as never;
      }
  }
  return UNREADABLE;
}

/** Where the component named in defineBlock({ component }) is declared: this file or a relative import. */
function findComponent(file: string, name: string): { fn: Node; body: Node[] } | undefined {
  const body = parse(file);
  for (const st of body) {
    if (st.type === 'FunctionDeclaration' && st.id?.name === name) return { fn: st, body };
    if (st.type === 'VariableDeclaration')
      for (const d of st.declarations as Node[]) {
        let init = d.init as Node | undefined;
        // memo(function X ...) / forwardRef((props) => ...)
        while (init?.type === 'CallExpression' && init.arguments[0]) init = init.arguments[0];
        if (
          d.id.type === 'Identifier' &&
          d.id.name === name &&
          (init?.type === 'ArrowFunctionExpression' || init?.type === 'FunctionExpression')
        )
          return { fn: init, body };
      }
    if (st.type === 'ImportDeclaration' && String(st.source.value).startsWith('.')) {
      const spec = (st.specifiers as Node[]).find((s) => s.type === 'ImportSpecifier' && s.local.name === name);
      if (spec) return findComponent(join(file, '..', st.source.value), keyName(spec.imported)!);
    }
  }
  return undefined;
}

function walk(node: unknown, visit: (n: Node) => boolean | void): void {
  if (Array.isArray(node)) return node.forEach((n) => walk(n, visit));
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  if (visit(node as Node) === false) return;
  for (const [k, v] of Object.entries(node)) if (k !== 'parent' && v && typeof v === 'object') walk(v, visit);
}

/**
 * Blocks whose props are read by a component that the block's own component does not render by
 * name: the form block hands its props to the lazily loaded form view.
 */
const ALSO_READ_BY: Record<string, Array<[file: string, component: string]>> = {
  form: [['form-view.tsx', 'FormView']],
};

type Default = Json | typeof UNREADABLE;

/** Destructured prop defaults of one component: its parameter, `const { ... } = props`, and the components it spreads its props into. */
function defaultsOf(
  file: string,
  name: string,
  out: Map<string, (Default & object) | Default>,
  seen = new Set<string>(),
) {
  if (seen.has(`${file}#${name}`)) return;
  seen.add(`${file}#${name}`);
  const found = findComponent(file, name);
  if (!found) throw new Error(`${file}: component ${name} not found`);
  const { fn, body } = found;
  const param = (fn.params as Node[])[0];
  const patterns: Node[] = [];
  if (param?.type === 'ObjectPattern') patterns.push(param);
  else if (param?.type === 'Identifier') {
    const propsName = param.name as string;
    walk(fn.body, (n) => {
      if (
        n.type === 'VariableDeclarator' &&
        n.id.type === 'ObjectPattern' &&
        n.init?.type === 'Identifier' &&
        n.init.name === propsName
      )
        patterns.push(n.id);
      // <Inner key={...} {...props} />: Inner reads the same props.
      if (
        n.type === 'JSXOpeningElement' &&
        n.name.type === 'JSXIdentifier' &&
        /^[A-Z]/.test(n.name.name) &&
        (n.attributes as Node[]).some(
          (a) => a.type === 'JSXSpreadAttribute' && a.argument.type === 'Identifier' && a.argument.name === propsName,
        )
      )
        defaultsOf(file, n.name.name, out, seen);
      return !/Function/.test(n.type); // not into nested functions
    });
  }
  for (const pattern of patterns)
    for (const p of pattern.properties as Node[]) {
      if (p.type !== 'Property' || p.value.type !== 'AssignmentPattern' || p.computed) continue;
      const key = keyName(p.key);
      if (key) out.set(key, literal(p.value.right, body));
    }
}

async function componentDefaults(type: string): Promise<Map<string, Default>> {
  const file = join(BLOCKS_DIR, type, 'index.tsx');
  let componentName: string | undefined;
  walk(parse(file), (n) => {
    if (
      n.type === 'CallExpression' &&
      n.callee.type === 'Identifier' &&
      n.callee.name === 'defineBlock' &&
      n.arguments[0]?.type === 'ObjectExpression'
    )
      for (const p of n.arguments[0].properties as Node[])
        if (p.type === 'Property' && keyName(p.key) === 'component' && p.value.type === 'Identifier')
          componentName = p.value.name;
  });
  if (!componentName) throw new Error(`${type}: no defineBlock({ component: Name }) in index.tsx`);
  const out = new Map<string, Default>();
  defaultsOf(file, componentName, out);
  for (const [f, c] of ALSO_READ_BY[type] ?? []) defaultsOf(join(BLOCKS_DIR, type, f), c, out);
  for (const [k, v] of out)
    if (v && typeof v === 'object' && IMPORTED in v) {
      const { from, name } = (v as unknown as { [IMPORTED]: { from: string; name: string } })[IMPORTED];
      out.set(k, ((await import(join(BLOCKS_DIR, type, from))) as Record<string, Json>)[name] ?? UNREADABLE);
    }
  return out;
}

function schemaDefaults(type: string): Map<string, Json> {
  const schema = JSON.parse(readFileSync(join(BLOCKS_DIR, type, 'schema.json'), 'utf8')) as {
    properties?: Record<string, { default?: Json }>;
  };
  return new Map(
    Object.entries(schema.properties ?? {}).flatMap(([k, p]) =>
      p.default === undefined ? [] : [[k, p.default] as [string, Json]],
    ),
  );
}

describe('block registry', () => {
  it.each(types)('%s: the registry key, the folder and defineBlock({ type }) name the same type', async (type) => {
    const def = (await blockLoaders[type as keyof typeof blockLoaders]()).default;
    expect(def.type).toBe(type);
  });

  it.each(types)("%s: schema.json defaults and the component's parameter defaults agree", async (type) => {
    const inSchema = schemaDefaults(type);
    const inComponent = await componentDefaults(type);
    const problems: string[] = [];
    for (const [k, v] of inSchema) {
      if (!inComponent.has(k)) problems.push(`"${k}": schema default ${JSON.stringify(v)}, the component has none`);
      else if (inComponent.get(k) === UNREADABLE)
        problems.push(`"${k}": the component's default is not a literal (write the value, or a const holding it)`);
      else if (JSON.stringify(inComponent.get(k)) !== JSON.stringify(v))
        problems.push(
          `"${k}": schema default ${JSON.stringify(v)}, component default ${JSON.stringify(inComponent.get(k))}`,
        );
    }
    // `= []` / `= {}` only spare the code a check for a missing list: nothing an author needs to know.
    const empty = (v: Default) => JSON.stringify(v) === '[]' || JSON.stringify(v) === '{}';
    for (const [k, v] of inComponent)
      if (!inSchema.has(k) && !empty(v))
        problems.push(
          `"${k}": component default ${v === UNREADABLE ? '(an expression)' : JSON.stringify(v)}, schema.json has none`,
        );
    expect(problems).toEqual([]);
  });
});
