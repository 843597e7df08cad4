import { useState } from 'react';
import { defineBlock, useImagePriority } from '../../engine/index.ts';
import type { StyleGalleryProps } from '../../schemas/types/blocks/style-gallery.ts';
import styles from './style-gallery.module.css';

type Image = StyleGalleryProps['images'][number];

/**
 * One large image and thumbnail buttons that switch it (aria-pressed tells which is shown).
 * Keyed by the first image so moving to another style's page starts again at its first image.
 */
function Gallery({ images, label }: { images: Image[]; label: string }) {
  const [index, setIndex] = useState(0);
  // The first image is the page's LCP: it takes the page's first-image slot (always granted when marked).
  const lead = useImagePriority(true);
  const current = images[Math.min(index, images.length - 1)]!;
  return (
    <section className={styles.gallery} aria-label={label}>
      <figure className={styles.stage}>
        <img
          key={current.src}
          className={styles.main}
          src={current.src}
          alt={current.alt}
          width={current.width}
          height={current.height}
          decoding="async"
          {...(index === 0 && lead ? { loading: 'eager' as const, fetchPriority: 'high' as const } : {})}
        />
        {current.label && <figcaption className={styles.caption}>{current.label}</figcaption>}
      </figure>
      {images.length > 1 && (
        <ul className={styles.thumbs}>
          {images.map((img, i) => (
            <li key={`${img.src}-${i}`}>
              <button type="button" className={styles.thumb} aria-pressed={i === index} onClick={() => setIndex(i)}>
                <img src={img.src} alt="" width={img.width} height={img.height} loading="lazy" decoding="async" />
                <span className="jv-sr-only">{`Show image ${i + 1} of ${images.length}: ${img.label ?? img.alt}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StyleGallery({ images, label }: StyleGalleryProps) {
  return <Gallery key={images[0]?.src} images={images} label={label} />;
}

export default defineBlock({
  type: 'style-gallery',
  component: StyleGallery,
  island: 'interaction',
  description: 'Product gallery: a large image with thumbnails.',
});
