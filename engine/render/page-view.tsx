/**
 * Renders a page: the layout's regions in order, each with its blocks resolved from the
 * registry. Unknown types render a visible placeholder in development and nothing in
 * production; a block that throws is isolated (see BlockBoundary and renderPageHtml).
 */
import { Suspense, useContext, type ReactNode } from 'react';
import type { BlockNode, BlockRegistry, PageData } from '../types.ts';
import { BlockBoundary } from './block-boundary.tsx';
import { PageContext } from './context.ts';
import { deferAttr, DeferredContext } from './deferred.ts';
import { RegistryContext } from './embedded-block.tsx';
import { shownOnPlatform, usePlatform, visibilityClasses } from './visibility.ts';

export interface RenderOptions {
  registry: BlockRegistry;
  dev: boolean;
  /** Blocks (by key) that failed during prerender and are left out. */
  skip?: ReadonlySet<string>;
}

export function BlockView({ node, registry, dev }: { node: BlockNode } & RenderOptions) {
  const platform = usePlatform();
  const deferred = useContext(DeferredContext);
  if (!shownOnPlatform(node.visibleOn, platform)) return null;
  const def = registry[node.type];
  let content: ReactNode;
  if (node.load && (def || deferred)) {
    // Same tree on both sides: the server renders the component, the browser a lazy one.
    const Component = deferred ? deferred(node) : def!.component;
    content = (
      <div className="jv-vis" {...{ [deferAttr]: node.key }}>
        <BlockBoundary type={node.type} dev={dev}>
          <Suspense fallback={null}>
            <Component {...node.props} />
          </Suspense>
        </BlockBoundary>
      </div>
    );
  } else if (!def) {
    if (!dev) return null;
    content = (
      <div className="jv-unknown-block" role="note">
        {`Unknown block type "${node.type}"`}
      </div>
    );
  } else {
    const Component = def.component;
    content = (
      <BlockBoundary type={node.type} dev={dev}>
        <Component {...node.props} />
      </BlockBoundary>
    );
  }
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
          <Tag key={region.name} data-region={region.name} id={region.tag === 'main' ? 'main' : undefined}>
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
