/**
 * Renders a page: the layout's regions in order, each with its blocks resolved from the
 * registry. Unknown types render a visible placeholder in development and nothing in
 * production; a block that throws is isolated (see BlockBoundary and renderPageHtml).
 */
import { memo, Suspense, useContext, useMemo, type ReactNode } from "react";
import type { BlockNode, BlockRegistry, PageData } from "../types.ts";
import { BlockBoundary } from "./block-boundary.tsx";
import { PageContext } from "./context.ts";
import { deferAttr, DeferredContext, Live, LoadNow } from "./deferred.ts";
import { RegistryContext } from "./embedded-block.tsx";
import { MAIN_ID } from "./main-region.ts";
import {
  hasPlatformDevices,
  shownOnPlatform,
  usePlatform,
  visibilityClasses,
} from "./visibility.ts";

export interface RenderOptions {
  registry: BlockRegistry;
  dev: boolean;
  /** Blocks (by key) that failed during prerender and are left out. */
  skip?: ReadonlySet<string>;
}

export function BlockView({
  node,
  registry,
  dev,
}: { node: BlockNode } & RenderOptions) {
  const platform = usePlatform(hasPlatformDevices(node.visibleOn));
  const deferred = useContext(DeferredContext);
  const def = registry[node.type];
  // A deferred block's element is memoised so a re-render hands React the very same element: its
  // Suspense boundary must not receive new props before it hydrates, or React would drop the
  // server HTML and show the (empty) fallback instead. Eager blocks re-render as usual.
  const deferredContent = useMemo((): ReactNode => {
    if (node.load && (def || deferred)) {
      // Same tree on both sides: the server renders the component, the browser a lazy one.
      const Component = deferred ? deferred(node) : def!.component;
      return (
        <div className="jv-vis" {...{ [deferAttr]: node.key }}>
          <BlockBoundary type={node.type} dev={dev}>
            <Suspense fallback={<LoadNow blockKey={node.key} />}>
              <Component {...node.props} />
              <Live blockKey={node.key} />
            </Suspense>
          </BlockBoundary>
        </div>
      );
    }
    return undefined;
  }, [node, def, deferred, dev]);
  const content =
    deferredContent !== undefined
      ? deferredContent
      : eagerContent(node, def, dev);
  if (!content || !shownOnPlatform(node.visibleOn, platform)) return null;
  const cls = visibilityClasses(node.visibleOn);
  return cls ? <div className={`jv-vis ${cls}`}>{content}</div> : content;
}

function eagerContent(
  node: BlockNode,
  def: BlockRegistry[string] | undefined,
  dev: boolean,
): ReactNode {
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
}

/**
 * Memoised: when a link is followed the app renders at once (the progress line shows) while the
 * next page's data loads; the page shown need not render again for that.
 */
export const PageView = memo(function PageView({
  data,
  ...opts
}: { data: PageData } & RenderOptions) {
  const registryValue = useMemo(
    () => ({ registry: opts.registry, dev: opts.dev }),
    [opts.registry, opts.dev],
  );
  return (
    <RegistryContext.Provider value={registryValue}>
      <PageContext.Provider value={data}>
        {data.regions.map((region) => {
          const Tag = region.tag;
          return (
            <Tag
              key={region.name}
              data-region={region.name}
              id={region.tag === "main" ? MAIN_ID : undefined}
            >
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
});
