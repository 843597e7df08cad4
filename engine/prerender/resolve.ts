/**
 * Build-time prop resolvers. A block may export `resolve(props, ctx)` from its Node-only
 * build.ts (engine/blocks/contract.ts); the build calls it once per block instance of every
 * prerendered page, with the props its schema's defaults completed, before the page's head and
 * HTML are made, so both see the resolved props (e.g. a YouTube thumbnail URL found with HEAD
 * requests). A resolver that throws is logged and the block keeps its props: resolution never
 * fails a build. `joinery dev` does not run resolvers (it renders the content's own props, and a
 * block must cope with that).
 */
import type { BlockContracts } from '../blocks/contract.ts';
import type { PageData, RouteEntry } from '../types.ts';

export interface ResolveContext {
  route: RouteEntry;
  /** One value per key for the whole build (caches, clients), made on first use. */
  memo<T>(key: string, create: () => T): T;
  log(line: string): void;
}

export type ResolveProps = (props: Record<string, unknown>, ctx: ResolveContext) => Promise<Record<string, unknown>>;

/** Shared state of one build's resolvers. */
export function createResolveState(log: (line: string) => void = () => {}) {
  const store = new Map<string, unknown>();
  return {
    contextFor(route: RouteEntry): ResolveContext {
      return {
        route,
        log,
        memo<T>(key: string, create: () => T): T {
          if (!store.has(key)) store.set(key, create());
          return store.get(key) as T;
        },
      };
    },
  };
}

/** Resolved props of the page's blocks that have a resolver, by block key (empty when none). */
export async function resolveBlockProps(
  data: PageData,
  blocks: BlockContracts,
  ctx: ResolveContext,
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  const jobs = data.regions.flatMap((r) => r.blocks).filter((b) => blocks[b.type]?.resolve);
  await Promise.all(
    jobs.map(async (b) => {
      try {
        out.set(b.key, await blocks[b.type]!.resolve!(b.props, ctx));
      } catch (e) {
        ctx.log(`resolve: block "${b.type}" on ${data.path} kept its props: ${(e as Error).message}`);
      }
    }),
  );
  return out;
}
