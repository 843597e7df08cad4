/**
 * Device visibility, by classes on the prerendered HTML: sizes (mobile, tablet, desktop) by CSS
 * media queries, platforms (browser, smartTV) by the `jv-tv` class the boot script puts on <html>
 * on a smart TV (only the browser can tell; a page is a browser's until then).
 */
import { PLATFORM_DEVICES, SIZE_DEVICES, type Device } from '../types.ts';

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
const SMART_TV_CLASS = 'jv-tv';

/** The CSS behind visibilityClasses, from the site's breakpoints. */
export function visibilityCss(bp: { tablet: number; desktop: number }): string {
  return (
    `@media (max-width:${bp.tablet - 0.02}px){.jv-hide-mobile{display:none!important}}` +
    `@media (min-width:${bp.tablet}px) and (max-width:${bp.desktop - 0.02}px){.jv-hide-tablet{display:none!important}}` +
    `@media (min-width:${bp.desktop}px){.jv-hide-desktop{display:none!important}}` +
    `html:not(.${SMART_TV_CLASS}) .jv-hide-browser,html.${SMART_TV_CLASS} .jv-hide-smartTV{display:none!important}`
  );
}
