/**
 * Device visibility, by classes on the prerendered HTML: sizes (mobile, tablet, desktop) by CSS
 * media queries, platforms (browser, smartTV) by the `jv-tv` class the boot script puts on <html>
 * on a smart TV (only the browser can tell; a page is a browser's until then).
 */
import { useEffect, useState } from 'react';
import { PLATFORM_DEVICES, SIZE_DEVICES, type Device } from '../types.ts';
import { SMART_TV } from './smart-tv.ts';

export type Platform = (typeof PLATFORM_DEVICES)[number];

/** Class names hiding the element on the sizes and the platforms it is not listed for. */
export function visibilityClasses(devices: readonly Device[] | undefined): string {
  if (!devices?.length) return '';
  const hide = (all: readonly Device[]) => {
    const listed = all.filter((d) => devices.includes(d));
    return listed.length ? all.filter((d) => !listed.includes(d)).map((d) => `jv-hide-${d}`) : [];
  };
  return [...hide(SIZE_DEVICES), ...hide(PLATFORM_DEVICES)].join(' ');
}

/** Set on <html> on a smart TV (engine/client/boot.ts). */
export const SMART_TV_CLASS = 'jv-tv';

/** The CSS behind visibilityClasses, from the site's breakpoints. */
export function visibilityCss(bp: { tablet: number; desktop: number }): string {
  return (
    `@media (max-width:${bp.tablet - 0.02}px){.jv-hide-mobile{display:none!important}}` +
    `@media (min-width:${bp.tablet}px) and (max-width:${bp.desktop - 0.02}px){.jv-hide-tablet{display:none!important}}` +
    `@media (min-width:${bp.desktop}px){.jv-hide-desktop{display:none!important}}` +
    `html:not(.${SMART_TV_CLASS}) .jv-hide-browser,html.${SMART_TV_CLASS} .jv-hide-smartTV{display:none!important}`
  );
}


export function detectPlatform(userAgent: string): Platform {
  return SMART_TV.test(userAgent) ? 'smartTV' : 'browser';
}

/** Whether a device list names a platform (browser, smartTV), which only the browser can tell. */
export const hasPlatformDevices = (devices: readonly Device[] | undefined) => !!devices?.some((d) => (PLATFORM_DEVICES as readonly string[]).includes(d));

/**
 * null until hydrated (the server cannot know), then the platform of this browser. With
 * `needed` false it stays null and causes no re-render after hydration.
 */
export function usePlatform(needed = true): Platform | null {
  const [platform, setPlatform] = useState<Platform | null>(null);
  useEffect(() => {
    if (needed) setPlatform(detectPlatform(navigator.userAgent));
  }, [needed]);
  return platform;
}

/** Whether a block or item listed for `devices` shows on this platform (true before hydration). */
export function shownOnPlatform(devices: readonly Device[] | undefined, platform: Platform | null): boolean {
  if (!devices?.length || platform === null) return true;
  const platforms = PLATFORM_DEVICES.filter((p) => devices.includes(p));
  return platforms.length === 0 || platforms.includes(platform);
}
