import { useState } from 'react';
import {
  defineBlock,
  FinishSample,
  Picture,
  placeholderStyle,
  selectedFinish,
  useImagePriority,
  useQueryParams,
  type FinishRef,
} from '../../engine/index.ts';
import type { StyleGalleryProps } from '../../schemas/types/blocks/style-gallery.ts';
import styles from './style-gallery.module.css';

type Image = StyleGalleryProps['images'][number];
/** What the large image shows: one of the images, or the preview photo of the finish in view. */
type View = { index: number } | { finish: FinishRef };

const finishKey = (f: FinishRef | undefined) => (f ? `${f.group.name}:${f.item.value}` : '');

/** The view a newly chosen finish gives: its photo (a gallery image when it is one), or none. */
function finishView(images: Image[], f: FinishRef | undefined): View | undefined {
  const photo = f?.item.previewImage;
  if (!f || !photo) return undefined;
  const index = images.findIndex((img) => img.src === photo.src);
  return index >= 0 ? { index } : { finish: f };
}

/**
 * One large image and thumbnail buttons that switch it (aria-pressed tells which is shown).
 * When the finish in view changes (the URL's ?type=&value=, read once hydrated), the large
 * image becomes that finish's preview photo, if the catalogue has one. Keyed by the first image
 * so moving to another style's page starts again at its first image.
 */
function Gallery(props: StyleGalleryProps) {
  const { images, label, finishes, samples } = props;
  const [params] = useQueryParams();
  const chosen = finishes?.length ? selectedFinish({ finishes }, params) : undefined;
  const key = finishKey(chosen);
  const [view, setView] = useState<View>({ index: 0 });
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    setSeenKey(key);
    const next = finishView(images, chosen);
    if (next) setView(next);
  }
  // The first image is the page's LCP: it takes the page's first-image slot (always granted when marked).
  const lead = useImagePriority(true);
  const index = 'index' in view ? Math.min(view.index, images.length - 1) : -1;
  const current: Image =
    'finish' in view
      ? { ...view.finish.item.previewImage!, label: view.finish.item.label }
      : images[Math.max(index, 0)]!;
  return (
    <section className={styles.gallery} aria-label={label}>
      {!!samples?.length && (
        <div className={styles.sample}>
          <FinishSample {...props} chosen={chosen} />
        </div>
      )}
      <figure className={styles.stage}>
        <Picture key={current.src} image={current} layout={{ mobile: 1, desktop: '72rem' }}>
          <img
            className={styles.main}
            src={current.src}
            alt={current.alt}
            width={current.width}
            height={current.height}
            decoding="async"
            {...(index === 0 && lead ? { loading: 'eager' as const, fetchPriority: 'high' as const } : {})}
          />
        </Picture>
        {current.label && <figcaption className={styles.caption}>{current.label}</figcaption>}
      </figure>
      {images.length > 1 && (
        <ul className={styles.thumbs}>
          {images.map((img, i) => (
            <li key={`${img.src}-${i}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={i === index}
                // The button's own name: its thumbnail is decorative (alt="").
                aria-label={`Show image ${i + 1} of ${images.length}: ${img.label ?? img.alt}`}
                onClick={() => setView({ index: i })}
              >
                <Picture image={img} layout={{ mobile: '5.5rem' }}>
                  <img
                    src={img.src}
                    alt=""
                    width={img.width}
                    height={img.height}
                    loading="lazy"
                    decoding="async"
                    style={placeholderStyle(img, false)}
                  />
                </Picture>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StyleGallery(props: StyleGalleryProps) {
  return <Gallery key={props.images[0]?.src} {...props} />;
}

export default defineBlock({
  type: 'style-gallery',
  component: StyleGallery,
  // Live at load: the large image follows a finish chosen in another block, and the sample button works at once.
  island: { start: 'load', code: 'component' },
  description: 'Product gallery: a large image with thumbnails, following the finish in view, with its sample button.',
});
