import type { ComponentType } from 'react';
import type { BlockDefinition, IslandStart } from './types.ts';

/**
 * Declares a block type. The props schema lives beside it in schema.json (read by the linter
 * and the build on Node, never shipped to the browser); example.json is a valid instance.
 */
export function defineBlock<P>(def: {
  type: string;
  component: ComponentType<P>;
  description?: string;
  island?: IslandStart;
}): BlockDefinition<P> {
  return def;
}
