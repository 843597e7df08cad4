import { useRef, useState } from 'react';
import { Picture, defineBlock, placeholderStyle, sectionStyles } from '../../engine/index.ts';
import type { ImageCardsProps } from '../../schemas/types/blocks/image-cards.ts';
import styles from './image-cards.module.css';
import { Lightbox } from './lightbox.tsx';

/** A gallery of images; each is a button that opens the zoom lightbox at that image. */
function ImageCards({ title, intro, columns, images, maxZoom, zoomStep }: ImageCardsProps) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const close = () => {
    // Back to the image now shown (the visitor may have moved on inside the lightbox).
    const target = (open !== null && buttons.current[open]) || opener.current;
    setOpen(null);
    target?.focus();
  };
  return (
    <section className={sectionStyles.section}>
      {title && <h2 className={sectionStyles.title}>{title}</h2>}
      {intro && <p className={sectionStyles.intro}>{intro}</p>}
      <ul className={`${styles.grid} ${styles[`cols${columns}`] ?? ''}`}>
        {images.map((img, i) => (
          <li key={i}>
            <figure className={styles.figure}>
              <button
                type="button"
                className={styles.open}
                aria-haspopup="dialog"
                aria-label={`Enlarge image: ${img.alt}`}
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setOpen(i);
                }}
              >
                <Picture image={img} layout={{ mobile: 1 / 2, tablet: 1 / columns }}>
                  <img
                    className={styles.thumb}
                    src={img.src}
                    alt=""
                    width={img.width}
                    height={img.height}
                    loading="lazy"
                    decoding="async"
                    style={placeholderStyle(img, false)}
                  />
                </Picture>
                <span className={styles.zoomHint} aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
                    <path
                      d="M15.5 15.5L21 21M10.5 7.5v6M7.5 10.5h6"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                </span>
              </button>
              {img.caption && <figcaption className={styles.caption}>{img.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Lightbox
          images={images}
          index={open}
          onIndex={setOpen}
          onClose={close}
          maxZoom={maxZoom}
          zoomStep={zoomStep}
        />
      )}
    </section>
  );
}

export default defineBlock({
  type: 'image-cards',
  component: ImageCards,
  island: { start: 'interaction', code: 'component' },
  description: 'Image gallery with a keyboard-operable zoom lightbox.',
});
