/**
 * The rule configuration itself (joinery.config.json): valid JSON, as its schema says, and naming
 * only rules that exist, with the nearest ids suggested (a single near one is a certain fix).
 */
import { nodeAt, parsePointer, positionAt, positionOf, type JsonFile } from '../../../engine/lint.ts';
import { CONFIG_FILE, readLintConfig } from '../config.ts';
import type { LintContext } from '../context.ts';
import { defineRule, type Rule } from '../rule.ts';
import { CERTAIN_DISTANCE, didYouMeanText, nearestNames } from '../suggest.ts';
import { isObj } from '../values.ts';

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The node at a pointer (its key with `atKey`), when the whole pointer exists. */
function target(file: JsonFile, pointer: string, atKey?: boolean) {
  const { node, complete } = nodeAt(file, pointer);
  if (!complete) return undefined;
  return atKey && node?.parent?.type === 'property' ? node.parent.children?.[0] : node;
}

/** Start and end of what a pointer names (the config file is not among the site's files). */
function range(file: JsonFile, pointer: string, atKey?: boolean) {
  const node = target(file, pointer, atKey);
  return {
    position: positionOf(file, pointer, { key: atKey }),
    ...(node && { end: positionAt(file, node.offset + node.length) }),
  };
}

/** Every `rules` object of the `lint` section, with its pointer. */
function ruleSettings(value: unknown): [string, Record<string, unknown>][] {
  const lint = isObj(value) && isObj(value.lint) ? value.lint : {};
  const out: [string, Record<string, unknown>][] = [];
  if (isObj(lint.rules)) out.push(['/lint/rules', lint.rules]);
  if (Array.isArray(lint.overrides))
    lint.overrides.forEach((o, i) => {
      if (isObj(o) && isObj(o.rules)) out.push([`/lint/overrides/${i}/rules`, o.rules]);
    });
  return out;
}

/** The keys the schema allows in the object at a pointer. */
function knownKeys(parent: string): string[] {
  if (parent === '') return ['$schema', 'lint'];
  if (parent === '/lint') return ['rules', 'overrides', 'ignore'];
  return /^\/lint\/overrides\/\d+$/.test(parent) ? ['files', 'rules'] : [];
}

/** An unknown name (a key) at `pointer`, with the nearest known ones and a fix per name. */
function reportUnknown(
  ctx: LintContext,
  file: JsonFile,
  pointer: string,
  message: string,
  name: string,
  known: string[],
) {
  const node = target(file, pointer, true);
  const near = nearestNames(name, known);
  const certain =
    near.filter((n) => n.distance <= CERTAIN_DISTANCE).length === 1 && near[0]!.distance <= CERTAIN_DISTANCE;
  ctx.report({
    file: CONFIG_FILE,
    pointer,
    ...range(file, pointer, true),
    message: `${message}${didYouMeanText(near.map((n) => n.name))}`,
    suggestions: near.map((n) => n.name),
    fixes: node
      ? near.map((n, i) => ({
          description: `Replace "${name}" with "${n.name}"`,
          file: CONFIG_FILE,
          edits: [{ offset: node.offset, length: node.length, content: JSON.stringify(n.name) }],
          certain: certain && i === 0,
        }))
      : [],
  });
}

/** The rule, given every rule's id (read when it runs: the central list includes this rule). */
export default function lintConfig(ruleIds: () => string[]): Rule {
  return defineRule({
    meta: {
      code: 'lint-config',
      name: 'Invalid rule configuration',
      severity: 'error',
      docs: {
        description: 'joinery.config.json is valid JSON, follows its schema and names only existing rules.',
        url: 'docs/rules/lint-config.md',
      },
    },
    inputs: ['config'],
    check(ctx) {
      const { file, problems } = readLintConfig(ctx.site.dir);
      if (!file) return;
      for (const p of problems) {
        const key = p.atKey ? parsePointer(p.pointer).at(-1) : undefined;
        if (key !== undefined) {
          const parent = p.pointer.slice(0, p.pointer.lastIndexOf('/'));
          reportUnknown(ctx, file, p.pointer, p.message, key, knownKeys(parent));
        } else {
          const at = p.position ? { position: p.position } : range(file, p.pointer, p.atKey);
          ctx.report({ file: CONFIG_FILE, pointer: p.pointer, message: p.message, ...at });
        }
      }
      const known = ruleIds();
      for (const [pointer, rules] of ruleSettings(file.value))
        for (const id of Object.keys(rules)) {
          const at = `${pointer}/${esc(id)}`;
          if (!known.includes(id)) reportUnknown(ctx, file, at, `unknown rule "${id}"`, id, known);
        }
    },
  });
}
