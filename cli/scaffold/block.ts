/**
 * `joinery new block NAME [--island START [--client]]`: blocks/NAME/ shaped like blocks/heading
 * (index.tsx, schema.json with a defaulted prop, example.json, CSS module, test, and
 * migrations/README.md: how to write a content migration), registered in
 * blocks/index.ts in sorted position. Static by default; with an island, its declaration in
 * defineBlock, and with `code: 'client'` a client.ts to fill in. Takes the blocks folder as a
 * parameter so tests scaffold into a temporary copy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IslandDeclaration } from '../../engine/types.ts';
import { UsageError } from '../exit-codes.ts';
import { jsonText, refuseExisting, writeNew, type ScaffoldResult } from './files.ts';
import { assertKebabCase, camelOf, pascalOf, titleOf } from './names.ts';

/** The files of a new block, by name inside blocks/NAME/. */
function blockFiles(name: string, island?: IslandDeclaration): Record<string, string> {
  const title = titleOf(name);
  const example = {
    type: name,
    props: { title, text: `The ${title.toLowerCase()} block renders a title and a short text.` },
  };
  return {
    'schema.json': jsonText(blockSchema(name)),
    'example.json': jsonText(example),
    'index.tsx': indexTsx(name, island),
    'migrations/README.md': migrationsReadme(name),
    // The section shell, heading and intro line are the shared ones (engine/ui/section.module.css);
    // the block's own rules go here.
    [`${name}.module.css`]: `.${camelOf(name)} {
  composes: section from '../../engine/ui/section.module.css';
}
`,
    [`${name}.test.tsx`]: blockTest(name),
    ...(island?.code === 'client' && { 'client.ts': clientTs(name) }),
  };
}

/** schema.json: a required title, an optional text and a heading level with a default. */
function blockSchema(name: string) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${pascalOf(name)}Props`,
    description: `${titleOf(name)}: a titled section with a short text.`,
    type: 'object',
    required: ['title'],
    properties: {
      title: { description: "The section's heading.", type: 'string', minLength: 1 },
      text: { description: 'Paragraph under the heading.', type: 'string' },
      headingLevel: {
        description: 'Level of the heading: 2 for a section of the page, 3 under another heading.',
        enum: [2, 3],
        default: 2,
      },
    },
    additionalProperties: false,
  };
}

/** index.tsx: the component and its defineBlock, with the island declared when there is one. */
function indexTsx(name: string, island?: IslandDeclaration): string {
  const Name = pascalOf(name);
  const cls = camelOf(name);
  const title = titleOf(name);
  return `import { defineBlock, sectionStyles } from '../../engine/index.ts';
import type { ${Name}Props } from '../../schemas/types/blocks/${name}.ts';
import styles from './${name}.module.css';

// A prop with a default in schema.json is always set: the page data fills it in.
function ${Name}({ title, text, headingLevel }: ${Name}Props) {
  const Heading = \`h\${headingLevel}\` as const;
  return (
    <section className={styles.${cls}}>
      <Heading className={sectionStyles.title}>{title}</Heading>
      {text && <p className={sectionStyles.intro}>{text}</p>}
    </section>
  );
}

${islandComment(island)}
export default defineBlock({
  type: '${name}',
  component: ${Name},${island ? `\n  island: { start: '${island.start}', code: '${island.code}' },` : ''}
  description: '${title}: a titled section with a short text.',
});
`;
}

/** The comment above defineBlock: how the island starts, or how a static block would declare one. */
function islandComment(island?: IslandDeclaration): string {
  return island
    ? `// An island: its HTML is prerendered, and its browser code (${island.code === 'client' ? 'client.ts, no UI library' : 'this component, hydrated with React'})
// starts ${START_TEXT[island.start]}. The declaration below is the whole contract: the build,
// the runtime and blocks/islands.test.ts read it.`
    : `// Static: rendered to HTML at build time, no code in the browser. A block that must run there
// declares its island: island: { start: 'load' | 'idle' | 'visible' | 'interaction', code:
// 'component' | 'client' } (code 'client': framework-free, in client.ts). Work at build time
// (props resolved, JSON-LD facts) goes in build.ts, exporting resolve and/or jsonLd.`;
}

/** migrations/README.md: how to write a content migration for the block. */
function migrationsReadme(name: string): string {
  return `# ${name}: content migrations

When the props of this block change shape (a prop renamed, split or moved), add a migration
here, so the site's content follows: \`NNN-what-changed.ts\` (numbered in order, e.g.
\`002-rename-title.ts\`), a pure function from the old props to the new as its default export.
It returns props that already have the new shape as they are: content records no version, a
migration is pending on a block exactly when it would change its props.

\`\`\`ts
type Props = Record<string, unknown>;

/** \`title\` became \`heading\`, in the same place among the props. */
export default function renameTitle(props: Props): Props {
  if (!('title' in props)) return props;
  return Object.fromEntries(Object.entries(props).map(([k, v]) => [k === 'title' ? 'heading' : k, v]));
}
\`\`\`

\`joinery lint\` then flags every page, template and menu still in the old shape (rule
\`block-migration\`); \`joinery migrate --content --dry-run\` prints the diff (exit 1 when something
would change) and \`joinery migrate --content\` rewrites the files in place, keeping their
formatting, comments and key order. Change schema.json and the component in the same commit.
`;
}

/** NAME.test.tsx: renders the example and finds its title and text. */
function blockTest(name: string): string {
  const Name = pascalOf(name);
  return `import { describe, expect, it } from 'vitest';
import { renderBlockScreen, type WrittenProps } from '../../engine/testing/index.ts';
import type { ${Name}Props } from '../../schemas/types/blocks/${name}.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

// A JSON import types an enum value as a string and a list as an array of any length: the
// example is read as the props a page writes.
const props = example.props as WrittenProps<${Name}Props>;

describe('${name}', () => {
  it('renders the example title and text', () => {
    const screen = renderBlockScreen(block, props);
    expect(screen.getByRole('heading', { level: 2, name: example.props.title })).toBeTruthy();
    expect(screen.getByText(example.props.text)).toBeTruthy();
  });
});
`;
}

/** client.ts: the island's framework-free browser code, to fill in. */
function clientTs(name: string): string {
  const Name = pascalOf(name);
  const title = titleOf(name);
  return `/**
 * The ${title.toLowerCase()} block's browser code, without a UI library: it takes the prerendered
 * element over as it is (\`el\`, its island's wrapper), with the block's props.
 */
import type { IslandClient } from '../../engine/types.ts';
import type { ${Name}Props } from '../../schemas/types/blocks/${name}.ts';

export const start: IslandClient<${Name}Props>['start'] = (el, props) => {
  // The behaviour HTML and CSS cannot give, on the block's own elements, e.g.
  // el.querySelector('button')?.addEventListener('click', () => …);
  void el;
  void props;
};
`;
}

/** When an island starts, as the scaffold's comment says it. */
const START_TEXT: Record<IslandDeclaration['start'], string> = {
  load: 'at once, as the page loads',
  idle: 'when the browser is idle',
  visible: 'when the block nears the viewport',
  interaction: "at the shopper's first pointer, focus or key on it",
};

const ENTRY = /^(\s*)(?:'([^']+)'|"([^"]+)"|([A-Za-z_$][\w$]*))\s*:/;

/** The lines of blocks/index.ts and where its `blockLoaders = { ... }` entries are. */
function readLoaders(indexFile: string) {
  const lines = readFileSync(indexFile, 'utf8').split('\n');
  const start = lines.findIndex((l) => /blockLoaders\b.*=\s*\{\s*$/.test(l));
  const end = start < 0 ? -1 : lines.findIndex((l, i) => i > start && /^\s*\}/.test(l));
  if (end < 0)
    throw new UsageError(`could not find the blockLoaders list in ${indexFile}; register the block there by hand`);
  const entries: { key: string; line: number; indent: string }[] = [];
  for (let i = start + 1; i < end; i++) {
    const m = ENTRY.exec(lines[i]!);
    if (m) entries.push({ key: m[2] ?? m[3] ?? m[4]!, line: i, indent: m[1]! });
  }
  return { lines, end, entries };
}

/** Inserts `name: () => import('./name/index.tsx'),` into blocks/index.ts, keeping the list sorted. */
function registerBlock(indexFile: string, name: string): void {
  const { lines, end, entries } = readLoaders(indexFile);
  if (entries.some((e) => e.key === name))
    throw new UsageError(`block "${name}" is already registered in ${indexFile}`);
  const at = entries.find((e) => e.key > name)?.line ?? end;
  const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
  lines.splice(at, 0, `${entries[0]?.indent ?? '  '}${key}: () => import('./${name}/index.tsx'),`);
  writeFileSync(indexFile, lines.join('\n'));
}

/** Writes blocks/NAME/* and registers the block. Types are generated by the caller. */
export function scaffoldBlock(blocksDir: string, name: string, island?: IslandDeclaration): ScaffoldResult {
  assertKebabCase('block', name);
  if (island && !(island.start in START_TEXT))
    throw new UsageError(`an island starts at ${Object.keys(START_TEXT).join(' | ')}, not "${island.start}"`);
  const dir = join(blocksDir, name);
  const indexFile = join(blocksDir, 'index.ts');
  refuseExisting([dir]);
  if (readLoaders(indexFile).entries.some((e) => e.key === name))
    throw new UsageError(`block "${name}" is already registered in ${indexFile}`);
  const created = Object.entries(blockFiles(name, island)).map(([file, text]) => {
    writeNew(join(dir, file), text);
    return join(dir, file);
  });
  registerBlock(indexFile, name);
  return { created, updated: [indexFile] };
}
