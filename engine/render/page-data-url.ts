/** Where the data of the page at `pathname` is served (a static file beside its HTML). */
export function pageDataUrl(pathname: string): string {
  const p = pathname.replace(/\/+$/, '');
  return `${p}/page-data.json`;
}

export const PAGE_DATA_ELEMENT_ID = '__JOINERY_DATA__';
