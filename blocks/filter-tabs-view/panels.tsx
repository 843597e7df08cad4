/** The panels filter-tabs draws itself: questions and answers, and videos (the empty state is engine/ui EmptyState). */
import { useId } from 'react';
import { VideoPlayer } from '../../engine/index.ts';
import type { FilterTabsProps } from '../../schemas/types/blocks/filter-tabs.ts';
import styles from './filter-tabs-view.module.css';

type Tab = FilterTabsProps['tabs'][number];

/** One answer open at a time (<details name>), no script needed. */
export function FaqPanel({ faqs }: { faqs: NonNullable<Tab['faqs']> }) {
  const group = useId();
  return (
    <div className={styles.faqs}>
      {faqs.map((f, i) => (
        <details key={i} name={group} className={styles.faq}>
          <summary className={styles.question}>{f.question}</summary>
          <p className={styles.answer}>{f.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function VideoPanel({ videos }: { videos: NonNullable<Tab['videos']> }) {
  return (
    <ul className={styles.videos}>
      {videos.map((v, i) => (
        <li key={i} className={styles.video}>
          <VideoPlayer
            video={{
              title: v.title,
              videoUrl: v.videoUrl,
              ...(v.videoType && { videoType: v.videoType === 'video' ? 'file' : 'youtube' }),
              ...(v.thumbnail && { thumbnail: v.thumbnail }),
            }}
          />
          <h3 className={styles.videoTitle}>{v.title}</h3>
          {v.description && <p className={styles.videoText}>{v.description}</p>}
        </li>
      ))}
    </ul>
  );
}
