/**
 * The tree above every page, identical on the server and in the browser so hydration (and the
 * ids React generates) match: the navigation progress line, then the page.
 */
import { PageView, type RenderOptions } from './page-view.tsx';
import type { PageData } from '../types.ts';

export function Shell({ data, loading = false, ...opts }: { data: PageData; loading?: boolean } & RenderOptions) {
  return (
    <>
      <div className="jv-progress" role="progressbar" aria-label="Loading page" hidden={!loading} />
      <PageView data={data} {...opts} />
    </>
  );
}
