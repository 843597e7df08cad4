/**
 * Content images: width and height always set (no layout shift); lazy unless marked priority or
 * the page's first image (image-priority.ts). One source per image, hence no `sizes`: it is valid
 * only beside a `srcset` (React would copy it to the image's preload as `imagesizes`).
 */
import { SiteLink } from '../render/link.tsx';
import { useImagePriority } from './image-priority.ts';
import styles from './ui.module.css';

export interface ImageData {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

export function Img({
  image,
  priority: explicit,
  className,
}: {
  image: ImageData;
  priority?: boolean;
  className?: string;
}) {
  const priority = useImagePriority(explicit);
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority && { fetchPriority: 'high' as const })}
    />
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
