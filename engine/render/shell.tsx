/**
 * The tree above every page, identical on the server and in the browser so hydration (and the
 * ids React generates) match: the navigation progress line, then the page, then the mark that
 * says it is live.
 */
import { useMemo } from 'react';
import { setCurrentShop } from '../commerce/shop.ts';
import { Live } from './deferred.ts';
import { PageView, type RenderOptions } from './page-view.tsx';
import type { PageData } from '../types.ts';
import { createImagePriority, ImagePriorityContext } from '../ui/image-priority.ts';

export function Shell({ data, loading = false, ...opts }: { data: PageData; loading?: boolean } & RenderOptions) {
  // One shop per page: modules without React (cart store, field rules, formatPrice) read its rules.
  if (data.site.commerce) setCurrentShop(data.site.commerce);
  // A new page gets a new "first image" slot (engine/ui/image-priority.ts).
  const imagePriority = useMemo(() => createImagePriority(), [data]);
  return (
    <ImagePriorityContext.Provider value={imagePriority}>
      <div className="jv-progress" role="progressbar" aria-label="Loading page" hidden={!loading} />
      <PageView data={data} {...opts} />
      <Live />
    </ImagePriorityContext.Provider>
  );
}
