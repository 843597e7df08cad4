/**
 * The tree around one island, the same in the browser and on the server (render/island-html.ts):
 * the contexts its block reads (the page, in the browser without its blocks; the registry of the
 * block types it renders; the image priority slot), the block itself, and the mark that tells it
 * is live. Its output equals the island's server HTML.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createLaterParts, LaterPartsContext, type LaterParts } from './later.tsx';
import { createImagePriority, ImagePriorityContext, type ImagePriority } from '../ui/image-priority.ts';
import type { BlockRegistry, IslandPage } from '../types.ts';
import { BlockBoundary } from './block-boundary.tsx';
import { IslandContext, PageContext, RegistryContext } from './context.ts';
import type { IslandRecord } from './island.tsx';

/**
 * Renders nothing. Calls `onLive` once the island has hydrated, its parts left for later included
 * (later.tsx), and the updates its mount effects made are committed (its own update comes in the
 * same render as theirs).
 */
function Live({ parts, onLive }: { parts: LaterParts; onLive: () => void }) {
  const [mounted, setMounted] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fires once, on the render after mount, whatever onLive is
  useEffect(() => {
    if (!mounted) {
      setMounted(true);
      return;
    }
    void parts.allHydrated().then(onLive);
  }, [mounted]);
  return null;
}

export function IslandRoot({
  page,
  record,
  registry,
  dev = false,
  imagePriority,
  onLive = () => {},
  children,
}: {
  page: IslandPage;
  record: IslandRecord;
  registry: BlockRegistry;
  dev?: boolean;
  /** The page's image priority slot (the server's page render); in the browser the island has its own, free if the server's was (record.firstImage). */
  imagePriority?: ImagePriority;
  onLive?: () => void;
  children: ReactNode;
}) {
  const [parts] = useState(createLaterParts);
  const [priority] = useState(() => imagePriority ?? createImagePriority(!record.firstImage));
  return (
    <RegistryContext.Provider value={{ registry, dev }}>
      <PageContext.Provider value={page}>
        <ImagePriorityContext.Provider value={priority}>
          <IslandContext.Provider value={record}>
            <LaterPartsContext.Provider value={parts}>
              <BlockBoundary type={record.type} dev={dev}>
                {children}
              </BlockBoundary>
            </LaterPartsContext.Provider>
            <Live parts={parts} onLive={onLive} />
          </IslandContext.Provider>
        </ImagePriorityContext.Provider>
      </PageContext.Provider>
    </RegistryContext.Provider>
  );
}
