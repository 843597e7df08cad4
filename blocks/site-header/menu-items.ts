/** Helpers shared by the desktop and mobile menus: device filtering and link state. */
import { detectPlatform, shownOnPlatform, visibilityClasses, type Device } from '../../engine/index.ts';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';

export type Platform = 'browser' | 'smartTV' | null;

/** Items shown on this platform (all of them before hydration); sizes are left to CSS classes. */
export function visibleItems(items: readonly MenuItem[] | undefined, platform: Platform): MenuItem[] {
  return (items ?? []).filter((i) => shownOnPlatform(i.devices as Device[] | undefined, platform));
}

/**
 * Whether `platform` leaves out an item at any depth. Only then does a menu need the platform
 * once hydrated (usePlatform(needed)): otherwise the prerendered menu (every item) is already
 * right, and the menus and their links are not rendered a second time.
 */
export function hidesSome(items: readonly MenuItem[] | undefined, platform: Exclude<Platform, null>): boolean {
  return (items ?? []).some((i) => !shownOnPlatform(i.devices as Device[] | undefined, platform) || hidesSome(i.children, platform) || (i.columns ?? []).some((c) => hidesSome(c.items, platform)));
}

/** hidesSome for this browser (false on the server, which renders every item). */
export const browserHidesSome = (items: readonly MenuItem[] | undefined) => typeof navigator !== 'undefined' && hidesSome(items, detectPlatform(navigator.userAgent));

/** CSS classes hiding an item on the screen sizes its `devices` leave out. */
export const deviceClass = (item: MenuItem) => visibilityClasses(item.devices as Device[] | undefined);

export const hasPanel = (item: MenuItem) => !!(item.children?.length || item.columns?.length);

/** aria-current for a link to the page being shown. */
export function currentAttr(url: string | undefined, pathname: string): 'page' | undefined {
  if (!url) return undefined;
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return clean(url) === clean(pathname) ? 'page' : undefined;
}

export const overviewLabel = (text: string, item: MenuItem) => text.replaceAll('{label}', item.label);

export const cx = (...names: (string | false | undefined | null)[]) => names.filter(Boolean).join(' ');
