/** The tree above every page on the server: the image priority slot, then the page. */
import { setCurrentShop } from '../commerce/shop.ts';
import { PageView, type RenderOptions } from './page-view.tsx';
import type { PageData } from '../types.ts';
import { createImagePriority, ImagePriorityContext } from '../ui/image-priority.ts';

export function Shell({ data, ...opts }: { data: PageData } & RenderOptions) {
  // One shop per page: modules without React (cart store, field rules, formatPrice) read its rules.
  if (data.site.commerce) setCurrentShop(data.site.commerce);
  return (
    <ImagePriorityContext.Provider value={createImagePriority()}>
      <PageView data={data} {...opts} />
    </ImagePriorityContext.Provider>
  );
}
