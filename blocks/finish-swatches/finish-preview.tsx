/**
 * The chosen finish's door (or its preview image): sized by width and height, and hidden when
 * it fails to load. An error that happened before hydration left no event behind, so the
 * image's state is also checked once on mount.
 */
import { useEffect, useRef, useState } from 'react';
import { Picture } from '../../engine/index.ts';
import type { FinishSwatchesProps } from '../../schemas/types/blocks/finish-swatches.ts';
import styles from './finish-swatches.module.css';

type Item = FinishSwatchesProps['finishes'][number]['items'][number];

export function FinishPreview({ item, group }: { item: Item; group: string }) {
  const image = item.doorImage ?? item.previewImage;
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (!image || failed) return null;
  return (
    <figure className={styles.preview}>
      <Picture image={image} layout={{ mobile: `min(100vw, ${image.width}px)`, tablet: `min(40vw, ${image.width}px)` }}>
        <img
          ref={ref}
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          decoding="async"
          onError={() => setFailed(true)}
        />
      </Picture>
      <figcaption className={styles.previewCaption}>
        {`${item.label} `}
        <span className={styles.groupName}>{`(${group})`}</span>
      </figcaption>
    </figure>
  );
}
