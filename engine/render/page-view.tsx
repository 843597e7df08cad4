/**
 * Renders a page: the layout's regions in order, each with its blocks resolved from the
 * registry. Static blocks become HTML; island blocks are wrapped for the browser runtime (see
 * island.tsx). Unknown types render a visible placeholder in development and nothing in
 * production; a block that throws is isolated (see BlockBoundary and renderPageHtml).
 */
import { useContext, type ReactNode } from 'react';
import type { BlockDefinition, BlockNode, BlockRegistry, PageData } from '../types.ts';
import { BlockBoundary } from './block-boundary.tsx';
import { PageContext, RegistryContext } from './context.ts';
import { Island, islandStart, useInIsland, type IslandRecord } from './island.tsx';
import { IslandHtmlContext, islandIdPrefix } from './island-html.ts';
import { IslandRoot } from './island-root.tsx';
import { islandPage } from './islands-data.ts';
import { ImagePriorityContext } from '../ui/image-priority.ts';
import { MAIN_ID } from './main-region.ts';
import { visibilityClasses } from './visibility.ts';

export interface RenderOptions {
  registry: BlockRegistry;
  dev: boolean;
  /** Blocks (by key) that failed during prerender and are left out. */
  skip?: ReadonlySet<string>;
}

/** A block's own element: the component inside its error boundary, wrapped as an island when it is one (and not inside another). */
export function BlockElement({
  id,
  type,
  def,
  props,
  load,
  dev,
}: {
  id: string;
  type: string;
  def: BlockDefinition;
  props: Record<string, unknown>;
  load?: BlockNode['load'];
  dev: boolean;
}) {
  const inIsland = useInIsland();
  const renderIsland = useContext(IslandHtmlContext);
  const page = useContext(PageContext);
  const registry = useContext(RegistryContext);
  const imagePriority = useContext(ImagePriorityContext);
  const Component = def.component;
  const start = inIsland ? undefined : islandStart(def, load);
  // On the server, an island renders as the browser hydrates it: a root of its own, with what
  // the browser has of the page.
  if (start && renderIsland && page && registry) {
    const html = (record: IslandRecord) => {
      const free = imagePriority?.free();
      const out = renderIsland(
        <IslandRoot
          page={islandPage(page)}
          record={record}
          registry={registry.registry}
          dev={dev}
          imagePriority={imagePriority ?? undefined}
        >
          <Component {...props} />
        </IslandRoot>,
        islandIdPrefix(id),
      );
      if (free && !imagePriority?.free()) record.firstImage = true;
      return out;
    };
    return <Island id={id} type={type} props={props} start={start} html={html} />;
  }
  const content = (
    <BlockBoundary type={type} dev={dev}>
      <Component {...props} />
    </BlockBoundary>
  );
  return start ? (
    <Island id={id} type={type} props={props} start={start}>
      {content}
    </Island>
  ) : (
    content
  );
}

function BlockView({ node, registry, dev }: { node: BlockNode } & RenderOptions) {
  const def = registry[node.type];
  let content: ReactNode;
  if (def)
    content = <BlockElement id={node.key} type={node.type} def={def} props={node.props} load={node.load} dev={dev} />;
  else content = dev ? <div className="jv-unknown-block" role="note">{`Unknown block type "${node.type}"`}</div> : null;
  if (!content) return null;
  const cls = visibilityClasses(node.visibleOn);
  return cls ? <div className={`jv-vis ${cls}`}>{content}</div> : content;
}

export function PageView({ data, ...opts }: { data: PageData } & RenderOptions) {
  return (
    <RegistryContext.Provider value={{ registry: opts.registry, dev: opts.dev }}>
      <PageContext.Provider value={data}>
        {data.regions.map((region) => {
          const Tag = region.tag;
          return (
            <Tag key={region.name} data-region={region.name} id={region.tag === 'main' ? MAIN_ID : undefined}>
              {region.blocks
                .filter((b) => !opts.skip?.has(b.key))
                .map((b) => (
                  <BlockView key={b.key} node={b} {...opts} />
                ))}
            </Tag>
          );
        })}
      </PageContext.Provider>
    </RegistryContext.Provider>
  );
}
