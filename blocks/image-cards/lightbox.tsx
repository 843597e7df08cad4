/**
 * The zoom lightbox: a modal <dialog> (the page behind is inert; Escape closes it natively).
 * + and - (or the buttons) zoom up to `maxZoom`; ArrowLeft/ArrowRight move between images;
 * Tab stays inside; closing returns focus to the image that opened it (done by the caller).
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Picture } from '../../engine/index.ts';
import type { GalleryImage } from '../../schemas/types/blocks/image-cards.ts';
import styles from './image-cards.module.css';
import { zoomIn, zoomOut, zoomPercent } from './zoom.ts';

interface LightboxProps {
  images: GalleryImage[];
  index: number;
  onIndex(i: number): void;
  onClose(): void;
  maxZoom: number;
  zoomStep: number;
}

export function Lightbox({ images, index, onIndex, onClose, maxZoom, zoomStep }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [zoom, setZoom] = useState(1);
  const image = images[index]!;
  const many = images.length > 1;

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    closeButton.current?.focus();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another image starts unzoomed
  useEffect(() => setZoom(1), [index]);
  const stage = useRef<HTMLDivElement>(null);
  // Zooming keeps the middle of the image in view; the visitor scrolls (or drags) to pan.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the zoom changes
  useEffect(() => {
    const el = stage.current;
    if (el) el.scrollTo({ left: (el.scrollWidth - el.clientWidth) / 2, top: (el.scrollHeight - el.clientHeight) / 2 });
  }, [zoom]);

  const move = (by: number) => onIndex((index + by + images.length) % images.length);
  const zoomInButton = useRef<HTMLButtonElement>(null);
  const zoomOutButton = useRef<HTMLButtonElement>(null);
  const zoomBy = (dir: 1 | -1) => {
    const next = dir > 0 ? zoomIn(zoom, zoomStep, maxZoom) : zoomOut(zoom, zoomStep, maxZoom);
    setZoom(next);
    // A button that just became disabled would drop focus out of the dialog: hand it to its pair.
    if (dir > 0 && next >= maxZoom && document.activeElement === zoomInButton.current) zoomOutButton.current?.focus();
    if (dir < 0 && next <= 1 && document.activeElement === zoomOutButton.current) zoomInButton.current?.focus();
  };

  // Keys work wherever focus is while the modal is open (it always is inside the dialog).
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    if (e.key === '+' || e.key === '=') zoomBy(1);
    else if (e.key === '-' || e.key === '_') zoomBy(-1);
    else if (e.key === 'ArrowRight' && many) move(1);
    else if (e.key === 'ArrowLeft' && many) move(-1);
    else if (e.key === 'Tab') return dialog.current && trapTab(dialog.current, e);
    else return;
    e.preventDefault();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => keys.current(e);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const label = image.caption ?? image.alt;
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label={`Image ${index + 1} of ${images.length}: ${label}`}
      onClose={onClose}
    >
      <div className={styles.toolbar}>
        <p className={styles.counter} aria-hidden="true">
          {index + 1} / {images.length}
        </p>
        <div className={styles.tools}>
          <button
            ref={zoomOutButton}
            type="button"
            className={styles.tool}
            onClick={() => zoomBy(-1)}
            disabled={zoom <= 1}
            aria-label="Zoom out"
          >
            −
          </button>
          <output className={styles.zoom} aria-live="polite" aria-label="Zoom level">
            {zoomPercent(zoom)}
          </output>
          <button
            ref={zoomInButton}
            type="button"
            className={styles.tool}
            onClick={() => zoomBy(1)}
            disabled={zoom >= maxZoom}
            aria-label="Zoom in"
          >
            +
          </button>
          {many && (
            <>
              <button type="button" className={styles.tool} onClick={() => move(-1)} aria-label="Previous image">
                ‹
              </button>
              <button type="button" className={styles.tool} onClick={() => move(1)} aria-label="Next image">
                ›
              </button>
            </>
          )}
          <button
            ref={closeButton}
            type="button"
            className={styles.tool}
            onClick={() => dialog.current?.close()}
            aria-label="Close"
          >
            ×
          </button>
        </div>
      </div>
      <ZoomStage image={image} zoom={zoom} stage={stage} />
      {image.caption && <p className={styles.dialogCaption}>{image.caption}</p>}
    </dialog>
  );
}

/** Tab and Shift+Tab cycle through the dialog's controls. */
function trapTab(d: HTMLDialogElement, e: KeyboardEvent) {
  const focusable = [...d.querySelectorAll<HTMLElement>('button:not(:disabled), [tabindex="0"]')];
  if (!focusable.length) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  const inside = d.contains(document.activeElement);
  if (e.shiftKey && (document.activeElement === first || !inside)) {
    last.focus();
    e.preventDefault();
  } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
    first.focus();
    e.preventDefault();
  }
}

/** The image at its zoom; zoomed, it is a focusable group the visitor scrolls to pan. */
function ZoomStage({
  image,
  zoom,
  stage,
}: {
  image: GalleryImage;
  zoom: number;
  stage: RefObject<HTMLDivElement | null>;
}) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label comes with the group role, both while zoomed
    <div
      ref={stage}
      className={styles.stage}
      tabIndex={zoom > 1 ? 0 : -1}
      aria-label={zoom > 1 ? 'Zoomed image, scroll to pan' : undefined}
      role={zoom > 1 ? 'group' : undefined}
    >
      <Picture image={image} layout={{ mobile: 1, tablet: '64rem' }}>
        <img
          className={`${styles.full} ${zoom > 1 ? styles.zoomed : ''}`}
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          style={zoom > 1 ? { width: `${zoom * 100}%` } : undefined}
          data-zoom={zoom}
        />
      </Picture>
    </div>
  );
}
