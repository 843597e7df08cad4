/**
 * Content images: width and height always set (no layout shift); lazy unless marked priority or
 * the page's first image (image-priority.ts). An image the build made variants of (a raster
 * original: `srcset` by type, engine/images/) renders as <picture> with AVIF and WebP sources
 * whose `sizes` come from the slot's layout its block declares (image-sizes.ts); below the fold
 * it shows the original's dominant colour until it loads. An SVG stays one <img> (no `sizes`: it
 * is valid only beside a `srcset`).
 */
import { useContext, type CSSProperties, type ReactElement } from 'react';
import { PageContext } from '../render/context.ts';
import { SiteLink } from '../render/link.tsx';
import { useImagePriority } from './image-priority.ts';
import { FULL_WIDTH, slotSizes, type SlotLayout } from './image-sizes.ts';
import styles from './ui.module.css';

export interface ImageData {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** Set by the build for a raster original: its variants by type ("url 320w, ..."). */
  srcset?: { avif: string; webp: string };
  /** Set by the build for a raster original: its dominant colour. */
  color?: string;
}

/** Breakpoints when an image renders outside a page (a test): the engine's defaults. */
const NO_PAGE = { tablet: 768, desktop: 1200 };

/** The variants the build gave an image (any content image object), if any. */
const srcsetOf = (image: object) => (image as ImageData).srcset;

/** The <source>s of an image with variants, for a <picture> (the banner's too). */
export function PictureSources({ image, sizes, media }: { image: object; sizes: string; media?: string }) {
  const srcset = srcsetOf(image);
  if (!srcset) return null;
  return (
    <>
      <source type="image/avif" srcSet={srcset.avif} sizes={sizes} media={media} />
      <source type="image/webp" srcSet={srcset.webp} sizes={sizes} media={media} />
    </>
  );
}

/**
 * An <img> a block renders itself, in a <picture> with its image's AVIF and WebP sources when
 * the build made variants of it (else the <img> alone).
 */
export function Picture({
  image,
  layout = FULL_WIDTH,
  children,
}: {
  image: object;
  layout?: SlotLayout;
  children: ReactElement;
}) {
  const sizes = useSlotSizes(layout);
  if (!srcsetOf(image)) return children;
  return (
    <picture className={styles.picture}>
      <PictureSources image={image} sizes={sizes} />
      {children}
    </picture>
  );
}

/** The `sizes` of a slot with this layout on the current page. */
export function useSlotSizes(layout: SlotLayout): string {
  return slotSizes(layout, useContext(PageContext)?.site.breakpoints ?? NO_PAGE);
}

/** The placeholder of a lazy image with variants: its dominant colour behind it while it loads. */
export const placeholderStyle = (image: object, priority: boolean): CSSProperties | undefined => {
  const { color } = image as ImageData;
  return !priority && color ? { backgroundColor: color } : undefined;
};

/**
 * The style of a content image's <img>: its placeholder, and for a photo whose content gives a
 * width and height, that box's shape (ui.module.css .photo-box), cropped to it where the photo's
 * own differs, so the box does not change when the photo loads (no layout shift).
 */
function imgStyle(image: ImageData, priority: boolean): CSSProperties | undefined {
  const placeholder = placeholderStyle(image, priority);
  if (!image.srcset || !image.width || !image.height) return placeholder;
  return { ...placeholder, '--jv-ratio': `${image.width} / ${image.height}` } as CSSProperties;
}

export function Img({
  image,
  priority: explicit,
  className,
  layout = FULL_WIDTH,
}: {
  image: ImageData;
  priority?: boolean;
  className?: string;
  /** The slot's share of the viewport per device (for `sizes`); default the full width. */
  layout?: SlotLayout;
}) {
  const priority = useImagePriority(explicit);
  return (
    <Picture image={image} layout={layout}>
      <img
        className={[className, image.srcset && styles.photoBox].filter(Boolean).join(' ') || undefined}
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        style={imgStyle(image, priority)}
        {...(priority && { fetchPriority: 'high' as const })}
      />
    </Picture>
  );
}

export interface ActionData {
  label: string;
  url: string;
}

/** A call to action styled as a button: `solid` (accent fill), `outline`, or `light` (on dark or accent backgrounds). */
export function ActionLink({
  action,
  variant = 'solid',
  className,
}: {
  action: ActionData;
  variant?: 'solid' | 'outline' | 'light';
  className?: string;
}) {
  return (
    <SiteLink href={action.url} className={[styles.action, styles[variant], className].filter(Boolean).join(' ')}>
      {action.label}
    </SiteLink>
  );
}
