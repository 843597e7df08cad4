/**
 * An image slot's `sizes`, from the layout its block declares: per device the share of the
 * viewport it takes (1/3 for a card in a grid of three) or a fixed CSS length ("80px" for a
 * swatch). Devices follow the site's breakpoints; a device left out takes the next smaller one's.
 */
export interface SlotLayout {
  mobile: number | string;
  tablet?: number | string;
  desktop?: number | string;
}

/** The full width of the viewport: a banner. */
export const FULL_WIDTH: SlotLayout = { mobile: 1 };

/** A card in the engine's card grid (section.module.css): one column on phones, two from tablets, `columns` on desktops. */
export const gridLayout = (columns: number): SlotLayout => ({ mobile: 1, tablet: 1 / 2, desktop: 1 / columns });

const length = (v: number | string) => (typeof v === 'number' ? `${Math.round(v * 100)}vw` : v);

export function slotSizes(layout: SlotLayout, bp: { tablet: number; desktop: number }): string {
  const tablet = layout.tablet ?? layout.mobile;
  const desktop = layout.desktop ?? tablet;
  const parts: string[] = [];
  if (desktop !== tablet) parts.push(`(min-width: ${bp.desktop}px) ${length(desktop)}`);
  if (tablet !== layout.mobile) parts.push(`(min-width: ${bp.tablet}px) ${length(tablet)}`);
  parts.push(length(layout.mobile));
  return parts.join(', ');
}
