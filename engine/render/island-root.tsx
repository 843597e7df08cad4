/**
 * The tree around one island in the browser: the contexts its block had on the server (the page
 * without its blocks, the registry of the block types it renders, the image priority slot), the
 * block itself, and the mark that tells it is live. Its output equals the island's server HTML.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createImagePriority, ImagePriorityContext } from '../ui/image-priority.ts';
import type { BlockRegistry, PageData } from '../types.ts';
import { BlockBoundary } from './block-boundary.tsx';
import { IslandContext, PageContext, RegistryContext } from './context.ts';
import type { IslandRecord } from './island.tsx';

/**
 * Renders nothing. Calls `onLive` once the island has hydrated and the updates its mount effects
 * made are committed (its own update comes in the same render as theirs).
 */
function Live({ onLive }: { onLive: () => void }) {
  const [mounted, setMounted] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fires once, on the render after mount, whatever onLive is
  useEffect(() => {
    if (!mounted) {
      setMounted(true);
      return;
    }
    onLive();
  }, [mounted]);
  return null;
}

export function IslandRoot({
  page,
  record,
  registry,
  onLive,
  children,
}: {
  page: PageData;
  record: IslandRecord;
  registry: BlockRegistry;
  onLive: () => void;
  children: ReactNode;
}) {
  return (
    <RegistryContext.Provider value={{ registry, dev: false }}>
      <PageContext.Provider value={page}>
        <ImagePriorityContext.Provider value={createImagePriority()}>
          <IslandContext.Provider value={record}>
            <BlockBoundary type={record.type} dev={false}>
              {children}
            </BlockBoundary>
            <Live onLive={onLive} />
          </IslandContext.Provider>
        </ImagePriorityContext.Provider>
      </PageContext.Provider>
    </RegistryContext.Provider>
  );
}
