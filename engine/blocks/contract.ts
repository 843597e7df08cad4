/**
 * A block as the build sees it, besides its component: its props schema (whose defaults the
 * page data fills in) and what its folder's Node-only `build.ts` exports. The CLI discovers these
 * from the blocks' folders; the engine only reads them.
 */
import type { JsonLdFacts } from '../head/head.ts';
import type { ResolveProps } from '../prerender/resolve.ts';
import type { BlockRegistry } from '../types.ts';
import { schemaDefaults, type Defaults } from './defaults.ts';

/** What a block's `build.ts` may export. It runs on Node only: its code never reaches the browser. */
export interface BlockBuild {
  /** Props resolved once per block instance before its page is rendered (`joinery build` only). */
  resolve?: ResolveProps;
  /** The structured-data facts the block's props give its page's JSON-LD (when the route asks for them). */
  jsonLd?: (props: Record<string, unknown>) => JsonLdFacts;
}

export interface BlockContract extends BlockBuild {
  /** The block's props schema (schema.json). */
  schema?: object;
}

/** block type -> its contract. */
export type BlockContracts = Readonly<Record<string, BlockContract>>;

/** The defaults of a block type's props (undefined: none, or no such block). */
export const defaultsOf = (blocks: BlockContracts | undefined, type: string): Defaults | undefined => {
  const schema = blocks?.[type]?.schema;
  return schema ? schemaDefaults(schema) : undefined;
};

/** The registry with each definition's schema defaults, for the blocks one block renders inside another. */
export function withSchemaDefaults(registry: BlockRegistry, blocks: BlockContracts): BlockRegistry {
  return Object.fromEntries(
    Object.entries(registry).map(([type, def]) => {
      const defaults = defaultsOf(blocks, type);
      return [type, defaults ? { ...def, defaults } : def];
    }),
  );
}
