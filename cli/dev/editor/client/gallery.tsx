/**
 * The block gallery (/__joinery/blocks): every registered block rendered from its example.json
 * at the mobile, tablet and desktop widths, its props table from the schema, its island
 * declaration (whether and how it runs in the browser), and a link that opens the editor on a
 * page using it. A preview, and the definition the declaration is read from, load as they scroll
 * into view.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { blockLoaders } from 'virtual:joinery/blocks';
import type { BlockLoaders, IslandDeclaration } from '../../../../engine/types.ts';
import { LazyFrame } from './lazy-frame.tsx';
import { type BlockType, getAt, type Schema } from './model.ts';
import './editor.css';

function typeOf(s: Schema, root: Schema): string {
  if (typeof s.$ref === 'string') {
    const target = s.$ref.startsWith('#') ? (getAt(root, s.$ref.slice(1)) as Schema | undefined) : undefined;
    return target ? typeOf(target, root) : s.$ref;
  }
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.type === 'array') return `array of ${s.items ? typeOf(s.items as Schema, root) : 'any'}`;
  if (typeof s.title === 'string' && s.type === 'object') return s.title;
  if (s.type) return Array.isArray(s.type) ? s.type.join(' | ') : String(s.type);
  if (Array.isArray(s.oneOf ?? s.anyOf))
    return ((s.oneOf ?? s.anyOf) as Schema[]).map((x) => typeOf(x, root)).join(' | ');
  return 'any';
}

function PropsTable({ schema }: { schema: Schema }) {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  return (
    <table className="jv-props-table">
      <thead>
        <tr>
          <th scope="col">Prop</th>
          <th scope="col">Type</th>
          <th scope="col">Default</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(props).map(([name, s]) => (
          <tr key={name}>
            <th scope="row">
              <code>{name}</code>
              {required.includes(name) ? ' (required)' : ''}
            </th>
            <td>{typeOf(s, schema)}</td>
            <td>{s.default === undefined ? '' : <code>{JSON.stringify(s.default)}</code>}</td>
            <td>{typeof s.description === 'string' ? s.description : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const WIDTHS = { mobile: 375, tablet: 768, desktop: 1280 } as const;

const STARTS: Record<IslandDeclaration['start'], string> = {
  load: 'at once, as the page loads',
  idle: 'when the browser is idle',
  visible: 'when it nears the viewport',
  interaction: "at the shopper's first pointer, focus or key on it",
};

/** The block's island declaration in words: null for a static block. */
function islandText(island: IslandDeclaration | null): string {
  if (!island) return 'Static: HTML and CSS only, no code in the browser.';
  const code = island.code === 'client' ? 'its client.ts, with no UI library' : 'its component, hydrated';
  const where = island.parts ? ' (the parts the block wraps as islands)' : '';
  return `Island${where}: ${code}, started ${STARTS[island.start]}.`;
}

/** The declaration, read from the block's definition once its entry is in view. */
function IslandNote({ type }: { type: string }) {
  const box = useRef<HTMLParagraphElement>(null);
  const [island, setIsland] = useState<IslandDeclaration | null>();
  useEffect(() => {
    const el = box.current;
    const load: BlockLoaders[string] | undefined = blockLoaders[type];
    if (!el || !load) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void load().then((m) => setIsland(m.default.island ?? null));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [type]);
  return <p ref={box}>{island === undefined ? '' : islandText(island)}</p>;
}

interface Weight {
  js: number;
  sharedJs: number;
  css: number;
  budget?: { js?: number; css?: number };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** What the block ships in the last build, gzip, against its budget. */
function weightText(w: Weight | undefined): string {
  if (!w) return 'Weight: run `joinery build` to weigh it.';
  const budget = w.budget
    ? ` Budget: ${[w.budget.js !== undefined && `JS ${w.budget.js} kB`, w.budget.css !== undefined && `CSS ${w.budget.css} kB`].filter(Boolean).join(', ')}.`
    : '';
  const js =
    w.js || w.sharedJs ? `JavaScript ${kb(w.js)} own, ${kb(w.sharedJs)} shared with other islands` : 'no JavaScript';
  return `Ships ${js}; CSS ${kb(w.css)} (gzip, last build).${budget}`;
}

function BlockEntry({
  type,
  block,
  usedOn,
  weight,
}: {
  type: string;
  block: BlockType;
  usedOn: string[];
  weight?: Weight;
}) {
  return (
    <section id={type} aria-labelledby={`jv-${type}`} className="jv-gallery-entry">
      <h2 id={`jv-${type}`}>{type}</h2>
      {typeof block.schema.description === 'string' && <p>{block.schema.description}</p>}
      <IslandNote type={type} />
      <p data-jv-weight>{weightText(weight)}</p>
      <p>
        {usedOn.length ? (
          <a href={`/__joinery/edit?route=${encodeURIComponent(usedOn[0]!)}`}>
            Edit {usedOn[0]} (uses {type})
          </a>
        ) : (
          'No page uses it yet.'
        )}
      </p>
      <div className="jv-gallery-widths">
        {Object.entries(WIDTHS).map(([device, width]) => (
          <figure key={device}>
            <figcaption>
              {device} ({width} px)
            </figcaption>
            <LazyFrame
              className="jv-gallery-frame"
              style={{ width: width * 0.4, height: 320 }}
              title={`${type} at ${device} width`}
              src={`/__joinery/preview?block=${encodeURIComponent(type)}`}
              frameStyle={{ width, height: 800, transform: 'scale(0.4)', transformOrigin: '0 0', border: 0 }}
            />
          </figure>
        ))}
      </div>
      <PropsTable schema={block.schema} />
    </section>
  );
}

function Gallery() {
  const [types, setTypes] = useState<Record<string, BlockType>>();
  const [usage, setUsage] = useState<Record<string, string[]>>({});
  const [weights, setWeights] = useState<Record<string, Weight>>({});
  const [query, setQuery] = useState('');
  useEffect(() => {
    void fetch('/__joinery/api/blocks')
      .then((r) => r.json())
      .then(setTypes);
    void fetch('/__joinery/api/usage')
      .then((r) => r.json())
      .then(setUsage);
    void fetch('/__joinery/api/weights')
      .then((r) => r.json())
      .then(setWeights);
  }, []);
  const shown = useMemo(
    () =>
      Object.entries(types ?? {})
        .filter(([t]) => t.includes(query.trim().toLowerCase()))
        .sort(([a], [b]) => a.localeCompare(b)),
    [types, query],
  );
  return (
    <main className="jv-gallery">
      <h1>Blocks ({Object.keys(types ?? {}).length})</h1>
      <label>
        Search blocks <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      {shown.map(([t, b]) => (
        <BlockEntry key={t} type={t} block={b} usedOn={usage[t] ?? []} weight={weights[t]} />
      ))}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Gallery />);
