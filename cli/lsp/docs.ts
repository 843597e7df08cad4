/** What hover and completion say about a rule (its page under docs/rules/) and a block (its props schema). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readBlockSchemas } from '../blocks.ts';
import { rules } from '../lint/rules/index.ts';
import { ROOT } from '../paths.ts';

const metas = new Map(rules.map((r) => [r.meta.code, r.meta]));

/** The rule's page as a URI (a diagnostic's codeDescription). */
export function ruleDocHref(code: string): string | undefined {
  const meta = metas.get(code);
  return meta && pathToFileURL(join(ROOT, meta.docs.url)).href;
}

/** The first paragraph of a rule page: the one after its title and severity line. */
function firstParagraph(markdown: string): string | undefined {
  return markdown
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .find((p) => p && !p.startsWith('#') && !p.startsWith('Severity:'));
}

/** Markdown for a rule: name, id, what it finds, and a link to its page. */
export function ruleDocMarkdown(code: string): string | undefined {
  const meta = metas.get(code);
  if (!meta) return undefined;
  let summary: string | undefined;
  try {
    summary = firstParagraph(readFileSync(join(ROOT, meta.docs.url), 'utf8'));
  } catch {
    // no page: the one-line description stands in
  }
  return `**${meta.name}** (\`${code}\`)\n\n${summary ?? meta.docs.description}\n\n[${meta.docs.url}](${ruleDocHref(code)})`;
}

export interface PropSchema {
  type?: string | string[];
  $ref?: string;
  enum?: unknown[];
  description?: string;
  title?: string;
}

export interface BlockSchema {
  title?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, PropSchema>;
}

let schemas: Map<string, BlockSchema> | undefined;
/** Each registered block's props schema, read once. */
export function blockSchema(type: string): BlockSchema | undefined {
  schemas ??= new Map(readBlockSchemas().map((s) => [s.type, s.schema as BlockSchema]));
  return schemas.get(type);
}

/** `string`, `"a" | "b"`, or the shared shape a `$ref` names (`image`). */
function propTypeText(p: PropSchema): string {
  if (p.enum) return p.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (p.type) return Array.isArray(p.type) ? p.type.join(' | ') : p.type;
  if (p.$ref) return p.$ref.replace(/^.*\//, '').replace(/\.schema\.json$|\.json$/, '');
  return 'any';
}

export function propMarkdown(name: string, p: PropSchema, required: boolean): string {
  const head = `\`${name}\` (${propTypeText(p)}${required ? ', required' : ''})`;
  const text = p.description ?? p.title;
  return text ? `${head}: ${text}` : head;
}

/** Markdown for a block type: its description and each prop with its type and description. */
export function blockDocMarkdown(type: string): string | undefined {
  const schema = blockSchema(type);
  if (!schema) return undefined;
  const required = new Set(schema.required ?? []);
  const props = Object.entries(schema.properties ?? {}).map(([k, p]) => `- ${propMarkdown(k, p, required.has(k))}`);
  const about = schema.description ?? schema.title;
  return [`**${type}**`, about, props.length ? `Props:\n\n${props.join('\n')}` : 'No props.']
    .filter(Boolean)
    .join('\n\n');
}
