import { ActionLink, Img, VideoPlayer, defineBlock, renderInline, sectionStyles } from '../../engine/index.ts';
import type { TextMediaProps } from '../../schemas/types/blocks/text-media.ts';
import styles from './text-media.module.css';

/** Text beside an image or a video, with up to two calls to action. */
function TextMedia({
  eyebrow,
  title,
  level,
  text = [],
  bullets = [],
  image,
  video,
  mediaPosition,
  tone,
  action,
  secondaryAction,
}: TextMediaProps) {
  const Heading = `h${level}` as 'h2' | 'h3';
  const media = video ? (
    <VideoPlayer video={video} />
  ) : image ? (
    <Img image={image} className={styles.image} layout={{ mobile: 1, tablet: 1 / 2 }} />
  ) : null;
  return (
    <section className={[styles.section, tone === 'surface' ? styles.surface : ''].filter(Boolean).join(' ')}>
      <div
        className={[styles.inner, media ? '' : styles.textOnly, mediaPosition === 'left' ? styles.mediaLeft : '']
          .filter(Boolean)
          .join(' ')}
      >
        {media && <div className={styles.media}>{media}</div>}
        <div className={styles.body}>
          {eyebrow && <p className={sectionStyles.eyebrow}>{eyebrow}</p>}
          <Heading className={styles.title}>{title}</Heading>
          {text.map((p, i) => (
            <p key={i} className={styles.text}>
              {renderInline(p)}
            </p>
          ))}
          {bullets.length > 0 && (
            <ul className={styles.bullets}>
              {bullets.map((b, i) => (
                <li key={i}>{renderInline(b)}</li>
              ))}
            </ul>
          )}
          {(action || secondaryAction) && (
            <ul className={styles.actions}>
              {action && (
                <li>
                  <ActionLink action={action} />
                </li>
              )}
              {secondaryAction && (
                <li>
                  <ActionLink action={secondaryAction} variant="outline" />
                </li>
              )}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

export default defineBlock({
  type: 'text-media',
  component: TextMedia,
  island: { start: 'interaction', code: 'component' },
  description: 'Text with an image or a video and calls to action.',
});
