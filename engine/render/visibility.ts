/**
 * Device visibility. Sizes (mobile, tablet, desktop) are applied with CSS media queries in the
 * prerendered HTML, so nothing shifts when the page hydrates; platforms (browser, smartTV) can
 * only be told in the browser and apply after hydration.
 */
import { useEffect, useState } from 'react';
import { PLATFORM_DEVICES, SIZE_DEVICES, type Device } from '../types.ts';

export type Platform = (typeof PLATFORM_DEVICES)[number];

/** Class names hiding the element on the sizes it is not listed for. */
export function visibilityClasses(devices: readonly Device[] | undefined): string {
  if (!devices?.length) return '';
  const sizes = SIZE_DEVICES.filter((s) => devices.includes(s));
  if (!sizes.length) return '';
  return SIZE_DEVICES.filter((s) => !sizes.includes(s))
    .map((s) => `jv-hide-${s}`)
    .join(' ');
}

/** The CSS behind visibilityClasses, from the site's breakpoints. */
export function visibilityCss(bp: { tablet: number; desktop: number }): string {
  return (
    `@media (max-width:${bp.tablet - 0.02}px){.jv-hide-mobile{display:none!important}}` +
    `@media (min-width:${bp.tablet}px) and (max-width:${bp.desktop - 0.02}px){.jv-hide-tablet{display:none!important}}` +
    `@media (min-width:${bp.desktop}px){.jv-hide-desktop{display:none!important}}`
  );
}

const SMART_TV = /smart-?tv|hbbtv|netcast|tizen|web0s|webos|appletv|googletv|crkey|roku|bravia|aftb|aftt|aftm|viera|philipstv/i;

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
