/**
 * Renders a page: the layout's regions in order, each with its blocks resolved from the
 * registry. Unknown types render a visible placeholder in development and nothing in
 * production; a block that throws is isolated (see BlockBoundary and renderPageHtml).
 */
import { Suspense, useContext, useMemo, type ReactNode } from 'react';
import type { BlockNode, BlockRegistry, PageData } from '../types.ts';
import { BlockBoundary } from './block-boundary.tsx';
import { PageContext } from './context.ts';
import { deferAttr, DeferredContext } from './deferred.ts';
import { RegistryContext } from './embedded-block.tsx';
import { hasPlatformDevices, shownOnPlatform, usePlatform, visibilityClasses } from './visibility.ts';

export interface RenderOptions {
  registry: BlockRegistry;
  dev: boolean;
  /** Blocks (by key) that failed during prerender and are left out. */
  skip?: ReadonlySet<string>;
}

export function BlockView({ node, registry, dev }: { node: BlockNode } & RenderOptions) {
  const platform = usePlatform(hasPlatformDevices(node.visibleOn));
  const deferred = useContext(DeferredContext);
  const def = registry[node.type];
  // Memoised so a re-render of this view hands React the very same element: a deferred block's
  // Suspense boundary that has not hydrated yet must not receive new props, or React would drop
  // its server HTML and render the (empty) fallback instead.
  const content = useMemo((): ReactNode => {
    if (node.load && (def || deferred)) {
      // Same tree on both sides: the server renders the component, the browser a lazy one.
      const Component = deferred ? deferred(node) : def!.component;
      return (
        <div className="jv-vis" {...{ [deferAttr]: node.key }}>
          <BlockBoundary type={node.type} dev={dev}>
            <Suspense fallback={null}>
              <Component {...node.props} />
            </Suspense>
          </BlockBoundary>
        </div>
      );
    }
    if (!def) {
      return dev ? (
        <div className="jv-unknown-block" role="note">
          {`Unknown block type "${node.type}"`}
        </div>
      ) : null;
    }
    const Component = def.component;
    return (
      <BlockBoundary type={node.type} dev={dev}>
        <Component {...node.props} />
      </BlockBoundary>
    );
  }, [node, def, deferred, dev]);
  if (!content || !shownOnPlatform(node.visibleOn, platform)) return null;
  const cls = visibilityClasses(node.visibleOn);
  return cls ? <div className={`jv-vis ${cls}`}>{content}</div> : content;
}

export function PageView({ data, ...opts }: { data: PageData } & RenderOptions) {
  const registryValue = useMemo(() => ({ registry: opts.registry, dev: opts.dev }), [opts.registry, opts.dev]);
  return (
    <RegistryContext.Provider value={registryValue}>
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
