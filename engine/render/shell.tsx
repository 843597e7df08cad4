/** The tree above every page on the server: the image priority slot, then the page. */
import { PageView, type RenderOptions } from './page-view.tsx';
import type { PageData } from '../types.ts';
import { createImagePriority, ImagePriorityContext } from '../ui/image-priority.ts';

export function Shell({ data, ...opts }: { data: PageData } & RenderOptions) {
  return (
    <ImagePriorityContext.Provider value={createImagePriority()}>
      <PageView data={data} {...opts} />
    </ImagePriorityContext.Provider>
  );
}
