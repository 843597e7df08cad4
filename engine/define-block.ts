import type { ComponentType } from 'react';
import type { BlockDefinition, IslandDeclaration } from './types.ts';

/**
 * Declares a block type. The props schema lives beside it in schema.json (read by the linter
 * and the build on Node, never shipped to the browser); example.json is a valid instance.
 * `island` is the block's whole browser contract (IslandDeclaration): absent, a static block;
 * `{ start, code: 'component' }`, its component hydrates; `{ start, code: 'client' }`, its
 * client.ts runs.
 */
export function defineBlock<P>(def: {
  type: string;
  component: ComponentType<P>;
  description?: string;
  island?: IslandDeclaration;
  budget?: BlockDefinition['budget'];
}): BlockDefinition<P> {
  return def;
}
