import { Truncate, VideoPlayer, defineBlock, sectionStyles } from '../../engine/index.ts';
import type { VideoCardsProps } from '../../schemas/types/blocks/video-cards.ts';
import styles from './video-cards.module.css';

/** "PT4M30S" -> "4:30". */
export function formatDuration(iso: string | undefined): string | null {
  const m = iso && /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso);
  if (!m) return null;
  const [h, min, s] = [Number(m[1] ?? 0), Number(m[2] ?? 0), Number(m[3] ?? 0)];
  const ss = String(s).padStart(2, '0');
  return h ? `${h}:${String(min).padStart(2, '0')}:${ss}` : `${min}:${ss}`;
}

/**
 * Video cards: thumbnail with a play button (the player loads on click), title, duration and a
 * description cut at 250 characters. Thumbnails of YouTube videos without one are resolved at
 * build time (resolve.ts); `videos` also feeds the VideoObject structured data.
 */
function VideoCards({ title, intro, columns, videos, descriptionLimit }: VideoCardsProps) {
  const Heading = title ? 'h3' : 'h2';
  return (
    <section className={sectionStyles.section}>
      {title && <h2 className={sectionStyles.title}>{title}</h2>}
      {intro && <p className={sectionStyles.intro}>{intro}</p>}
      <ul className={`${styles.grid} ${styles[`cols${columns}`] ?? ''}`}>
        {videos.map((v, i) => {
          const duration = formatDuration(v.duration);
          return (
            <li key={i} className={styles.card}>
              <VideoPlayer video={v} width={640} height={360} />
              <div className={styles.body}>
                <Heading className={styles.cardTitle}>{v.title}</Heading>
                {duration && (
                  <p className={styles.meta}>
                    <span className="jv-sr-only">Duration: </span>
                    {duration}
                  </p>
                )}
                {v.description && (
                  <Truncate text={v.description} limit={descriptionLimit} className={styles.description} />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default defineBlock({
  type: 'video-cards',
  component: VideoCards,
  island: { start: 'interaction', code: 'component' },
  description: 'Video cards: thumbnail and play button; YouTube or video file.',
});
