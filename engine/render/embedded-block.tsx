/**
 * One block rendering another by type, through the registry (blocks never import each other's
 * files). Inside an island it is part of the island's tree (the runtime loads its code with the
 * island's); in a static block, an island type becomes an island of its own, a static one HTML.
 * The props it is handed get the embedded type's schema defaults where the definition carries
 * them (server renders): an island of its own is listed with them. In the browser, inside an
 * island, the parent must hand all the props the embedded block reads.
 */
import { useContext, useId } from 'react';
import { withDefaults } from '../blocks/defaults.ts';
import type { IslandStart } from '../types.ts';
import { RegistryContext } from './context.ts';
import { useNoteEmbedded } from './island.tsx';
import { BlockElement } from './page-view.tsx';

export { RegistryContext };

// Server renders are synchronous, one page at a time: the types embedded while rendering a page
// are collected here so the page can link their styles.
let collector: Set<string> | null = null;
export function collectEmbedded<T>(render: () => T): { result: T; types: string[] } {
  const seen = new Set<string>();
  collector = seen;
  try {
    return { result: render(), types: [...seen] };
  } finally {
    collector = null;
  }
}

export function EmbeddedBlock({
  type,
  props,
  load,
}: {
  type: string;
  props: Record<string, unknown>;
  load?: IslandStart;
}) {
  const id = useId();
  const ctx = useContext(RegistryContext);
  collector?.add(type);
  useNoteEmbedded(type);
  const def = ctx?.registry[type];
  if (!def) return null;
  return (
    <BlockElement id={id} type={type} def={def} props={withDefaults(props, def.defaults)} load={load} dev={ctx.dev} />
  );
}
