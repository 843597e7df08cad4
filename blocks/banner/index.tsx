import {
  ActionLink,
  Carousel,
  Stars,
  defineBlock,
  FULL_WIDTH,
  PictureSources,
  placeholderStyle,
  useImagePriority,
  useSite,
  useSlotSizes,
  sectionStyles,
} from '../../engine/index.ts';
import { Fragment } from 'react';
import type { BannerProps, BannerSlide, DeviceImage } from '../../schemas/types/blocks/banner.ts';
import styles from './banner.module.css';

/**
 * The image of a slide as <picture>: one source per device from the site's breakpoints, each
 * with its own width and height so the browser reserves the right box (no layout shift); a
 * photo's AVIF and WebP variants ahead of each (full width of the viewport).
 */
function BannerPicture({ image, priority: marked }: { image: BannerSlide['image']; priority: boolean }) {
  const bp = useSite().breakpoints;
  // A priority image takes the page's first-image slot, so no later image is promoted too.
  const priority = useImagePriority(marked);
  const sizes = useSlotSizes(FULL_WIDTH);
  const { desktop, tablet, mobile } = image;
  const sources: { media: string; img: DeviceImage }[] = [];
  if (tablet)
    sources.push(
      { media: `(min-width: ${bp.desktop}px)`, img: desktop },
      { media: `(min-width: ${bp.tablet}px)`, img: tablet },
    );
  else if (mobile) sources.push({ media: `(min-width: ${bp.tablet}px)`, img: desktop });
  const base = mobile ?? tablet ?? desktop;
  return (
    <picture className={styles.picture}>
      {sources.map((s) => (
        <Fragment key={s.media}>
          <PictureSources image={s.img} sizes={sizes} media={s.media} />
          <source media={s.media} srcSet={s.img.src} width={s.img.width} height={s.img.height} />
        </Fragment>
      ))}
      <PictureSources image={base} sizes={sizes} />
      <img
        className={styles.image}
        src={base.src}
        alt={image.alt}
        width={base.width}
        height={base.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        style={placeholderStyle(base, priority)}
        {...(priority && { fetchPriority: 'high' as const })}
      />
    </picture>
  );
}

function Slide({
  slide,
  heading,
  ratings,
  priority,
}: {
  slide: BannerSlide;
  heading: 'h1' | 'h2';
  ratings: BannerProps['ratings'];
  priority: boolean;
}) {
  const Heading = heading;
  const hasText = !!(slide.eyebrow || slide.title || slide.subtitle || slide.description || slide.action || ratings);
  return (
    <div className={styles.slide}>
      <BannerPicture image={slide.image} priority={priority} />
      {hasText && (
        <div className={styles.panel}>
          {ratings && (
            <p className={styles.ratings}>
              <span>{`RATED ${ratings.text}`}</span> <Stars value={ratings.value} />
            </p>
          )}
          {slide.eyebrow && <p className={sectionStyles.eyebrow}>{slide.eyebrow}</p>}
          {slide.title && <Heading className={styles.title}>{slide.title}</Heading>}
          {slide.subtitle && <p className={styles.subtitle}>{slide.subtitle}</p>}
          {slide.description && <p className={styles.description}>{slide.description}</p>}
          {(slide.action || slide.secondaryAction) && (
            <ul className={styles.actions}>
              {slide.action && (
                <li>
                  <ActionLink action={slide.action} />
                </li>
              )}
              {slide.secondaryAction && (
                <li>
                  <ActionLink action={slide.secondaryAction} variant="outline" />
                </li>
              )}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** A single image banner, or a slider when there are several slides. */
function Banner({ label, slides, ratings, headingLevel, priority, slider }: BannerProps) {
  const { speed, slidesToShow, arrows, dots, dotsBelow } = slider;
  const rendered = slides.map((s, i) => (
    <Slide
      key={i}
      slide={s}
      heading={headingLevel === 1 && i === 0 ? 'h1' : 'h2'}
      ratings={ratings}
      priority={priority && i === 0}
    />
  ));
  if (slides.length === 1)
    return (
      <section className={styles.banner} aria-label={slides[0]!.title ? undefined : label}>
        {rendered[0]}
      </section>
    );
  return (
    <div className={styles.banner}>
      <Carousel
        label={label}
        slides={rendered}
        speed={speed}
        perView={slidesToShow}
        arrows={arrows}
        dotsBelow={dots ? dotsBelow : 0}
      />
    </div>
  );
}

export default defineBlock({
  type: 'banner',
  component: Banner,
  island: { start: 'visible', code: 'component' },
  description: 'Hero banner: one image or a slider, image per device, ratings, title and actions.',
});
