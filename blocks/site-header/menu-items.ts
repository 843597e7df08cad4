/** Helpers shared by the desktop and mobile menus: device classes and link state. */
import { visibilityClasses } from '../../engine/render/visibility.ts';
import { PLATFORM_DEVICES, type Device } from '../../engine/types.ts';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';

/**
 * Classes hiding an item where its `devices` leave it out: sizes by the engine's media-query
 * classes; platforms (browser, smartTV) by `jv-hide-browser` / `jv-hide-smartTV`, which apply
 * only where the page marks its platform (the menus render every item: no script tells it).
 */
export function deviceClass(item: MenuItem): string {
  const devices = item.devices as Device[] | undefined;
  const platforms = PLATFORM_DEVICES.filter((p) => devices?.includes(p));
  const hidden = platforms.length ? PLATFORM_DEVICES.filter((p) => !platforms.includes(p)).map((p) => `jv-hide-${p}`) : [];
  return cx(visibilityClasses(devices), ...hidden);
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
