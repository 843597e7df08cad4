/** Helpers shared by the desktop and mobile menus: device classes and link state. */
import { visibilityClasses, type Device } from '../../engine/index.ts';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';

/** Classes hiding an item on the sizes and platforms its `devices` leave out (the engine's visibility classes). */
export function deviceClass(item: MenuItem): string {
  return visibilityClasses(item.devices as Device[] | undefined);
}

export const hasPanel = (item: MenuItem) => !!(item.children?.length || item.columns?.length);

/** aria-current for a link to the page being shown. */
export function currentAttr(url: string | undefined, pathname: string): 'page' | undefined {
  if (!url) return undefined;
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return clean(url) === clean(pathname) ? 'page' : undefined;
}

export const overviewLabel = (text: string, item: MenuItem) => text.replaceAll('{label}', item.label);

export const cx = (...names: (string | false | undefined | null)[]) => names.filter(Boolean).join(' ');
