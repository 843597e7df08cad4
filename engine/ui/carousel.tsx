/**
 * A slider of any content: arrow buttons, dots, ArrowLeft/ArrowRight, swipe. Slides out of
 * view are inert (not focusable, hidden from assistive technology). Above `activeBelow` px the
 * slides are laid out as a grid instead (CSS, so the prerendered page does not shift), and
 * dots show only below `dotsBelow` px. Motion follows prefers-reduced-motion. A lazy image in a
 * slide out of view waits (the viewport clips, see ui.module.css) until the shopper reaches for
 * the carousel (a pointer over it, a touch, the focus in it): the slides either side of the view
 * then load, so that a move shows them whole.
 */
import { type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import styles from './ui.module.css';
import { useMediaQuery } from './use-media-query.ts';
import { useSlider } from './use-slider.ts';

export interface CarouselProps {
  /** Accessible name of the carousel region. */
  label: string;
  slides: ReactNode[];
  /** Transition in ms. */
  speed?: number;
  perView?: number;
  arrows?: boolean;
  /** Dots show below this viewport width (px); 0 hides them; undefined shows them always. */
  dotsBelow?: number;
  /** The carousel works below this width (px); from it up the slides are a grid of `columns`. */
  activeBelow?: number;
  columns?: number;
  loop?: boolean;
  className?: string;
  /** Arrows over the slides (banners) or beside the dots (cards). */
  arrowPlacement?: 'overlay' | 'below';
}

/**
 * Media-query rules for one carousel, scoped by its data attribute (module class names are
 * hashed). The scope names the options the rules come from, not the instance: carousels with the
 * same options share the same rules, and the server and the browser name it alike (an id from
 * useId would differ between the server's render and an island's).
 */
const carouselScope = (o: { dotsBelow?: number; activeBelow?: number; columns: number }) =>
  `${o.dotsBelow ?? 'all'}-${o.activeBelow ?? 'all'}-${o.columns}`;

export function carouselCss(id: string, o: { dotsBelow?: number; activeBelow?: number; columns: number }): string {
  const at = `[data-jv-carousel="${id}"]`;
  let css = '';
  if (o.dotsBelow !== undefined) {
    css += `${at} .${styles.dots}{display:none}`;
    if (o.dotsBelow > 0) css += `@media (max-width:${o.dotsBelow - 0.02}px){${at} .${styles.dots}{display:flex}}`;
  }
  if (o.activeBelow !== undefined)
    css +=
      `@media (min-width:${o.activeBelow}px){${at} .${styles.track}{transform:none!important;display:grid;` +
      `grid-template-columns:repeat(${o.columns},minmax(0,1fr));gap:1.25rem}${at} .${styles.controls},${at} .${styles.arrow}{display:none}}`;
  return css;
}

export function Carousel({
  label,
  slides,
  speed = 500,
  perView = 1,
  arrows = true,
  dotsBelow,
  activeBelow,
  columns = 3,
  loop = true,
  className,
  arrowPlacement = 'overlay',
}: CarouselProps) {
  const id = carouselScope({ dotsBelow, activeBelow, columns });
  const slider = useSlider({ count: slides.length, perView, loop });
  const activeQuery = useMediaQuery(activeBelow === undefined ? 'all' : `(max-width: ${activeBelow - 0.02}px)`);
  // null before hydration: nothing is inert in the prerendered HTML, so a grid is fully usable.
  const active = activeQuery === true;
  const swipe = useRef<number | null>(null);
  const css = carouselCss(id, { dotsBelow, activeBelow, columns });
  const many = slider.positions > 1;

  const track = useRef<HTMLDivElement>(null);
  const loadNeighbours = useNeighbourLoading(track, { ...slider, count: slides.length, perView, on: many && active });

  const onKeyDown = (e: KeyboardEvent) => {
    if (!active || !many) return;
    if (e.key === 'ArrowLeft') slider.prev();
    else if (e.key === 'ArrowRight') slider.next();
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    loadNeighbours();
    if (e.pointerType !== 'mouse') swipe.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (swipe.current === null || !active) return;
    const dx = e.clientX - swipe.current;
    swipe.current = null;
    if (Math.abs(dx) > 40) (dx < 0 ? slider.next : slider.prev)();
  };

  const arrow = (dir: 'prev' | 'next') => <Arrow dir={dir} slider={slider} />;

  return (
    <section
      className={[styles.carousel, arrowPlacement === 'below' ? styles.arrowsBelow : '', className]
        .filter(Boolean)
        .join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      data-jv-carousel={id}
      onKeyDown={onKeyDown}
      onPointerEnter={loadNeighbours}
      onFocus={loadNeighbours}
    >
      {css && <style>{css}</style>}
      <div className={styles.viewport} onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
        <div
          ref={track}
          className={styles.track}
          aria-live={active ? 'polite' : 'off'}
          style={{ transform: `translateX(-${(slider.index * 100) / perView}%)`, transitionDuration: `${speed}ms` }}
        >
          {slides.map((slide, i) => {
            const hidden = active && (i < slider.index || i >= slider.index + perView);
            return (
              // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group of content, not of form controls
              <div
                key={i}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                style={{ flexBasis: `${100 / perView}%` }}
                inert={hidden}
              >
                {slide}
              </div>
            );
          })}
        </div>
        {arrows && many && arrowPlacement === 'overlay' && (
          <>
            {arrow('prev')}
            {arrow('next')}
          </>
        )}
      </div>
      {many && (
        <div className={styles.controls}>
          {arrows && arrowPlacement === 'below' && arrow('prev')}
          <Dots slider={slider} />
          {arrows && arrowPlacement === 'below' && arrow('next')}
        </div>
      )}
    </section>
  );
}

/**
 * Loads the slides beside the visible ones once the shopper reaches the carousel (pointer, touch
 * or focus), and again after each move: a move then shows them whole, while a carousel nobody
 * reaches loads only its first slide.
 */
function useNeighbourLoading(
  track: RefObject<HTMLDivElement | null>,
  o: { index: number; count: number; perView: number; on: boolean },
) {
  const reached = useRef(false);
  const loadNeighbours = () => {
    reached.current = true;
    const el = track.current;
    if (!el || !o.on) return;
    for (const i of [o.index - 1, o.index + o.perView]) {
      const slide = el.children[((i % o.count) + o.count) % o.count];
      for (const img of slide?.querySelectorAll('img[loading="lazy"]') ?? [])
        (img as HTMLImageElement).loading = 'eager';
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: after a move, the new neighbours
  useEffect(() => {
    if (reached.current) loadNeighbours();
  }, [o.index]);
  return loadNeighbours;
}

/** One dot per position; the current one marked. */
function Dots({ slider }: { slider: ReturnType<typeof useSlider> }) {
  return (
    <div className={styles.dots}>
      {Array.from({ length: slider.positions }, (_, i) => (
        <button
          key={i}
          type="button"
          className={styles.dot}
          aria-label={`Go to slide ${i + 1}`}
          aria-current={i === slider.index ? 'true' : undefined}
          onClick={() => slider.go(i)}
        />
      ))}
    </div>
  );
}

/** The previous or next arrow, disabled at the end it points to (when the slider does not loop). */
function Arrow({ dir, slider }: { dir: 'prev' | 'next'; slider: ReturnType<typeof useSlider> }) {
  return (
    <button
      type="button"
      className={`${styles.arrow} ${dir === 'prev' ? styles.arrowPrev : styles.arrowNext}`}
      aria-label={dir === 'prev' ? 'Previous slide' : 'Next slide'}
      disabled={dir === 'prev' ? !slider.canPrev : !slider.canNext}
      onClick={dir === 'prev' ? slider.prev : slider.next}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d={dir === 'prev' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
