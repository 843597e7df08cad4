/**
 * A video behind its thumbnail: a labelled play button over the image; pressing it loads the
 * player (a youtube-nocookie iframe, or a <video> for a file; its code too is fetched only then),
 * so no third-party code or video bytes load until the visitor asks. The thumbnail is
 * decorative (alt=""): the button carries the name, and a thumbnail that cannot load leaves the
 * styled panel, not a broken-image icon.
 */
import { useState, type ComponentType } from 'react';
import styles from './ui.module.css';
import type { VideoSource } from './youtube.ts';

export function VideoPlayer({
  video,
  width = 640,
  height = 360,
  lazy = true,
}: {
  video: VideoSource;
  width?: number;
  height?: number;
  lazy?: boolean;
}) {
  const [Frame, setFrame] = useState<ComponentType<{ video: VideoSource }> | null>(null);
  const [loading, setLoading] = useState(false);
  const play = () => {
    setLoading(true);
    import('./video-frame.tsx').then((m) => setFrame(() => m.VideoFrame));
  };
  return (
    <div className={styles.video} style={{ aspectRatio: `${width} / ${height}` }}>
      {Frame ? (
        <Frame video={video} />
      ) : (
        <>
          {video.thumbnail && (
            <img
              className={styles.videoThumb}
              src={video.thumbnail}
              alt=""
              width={width}
              height={height}
              loading={lazy ? 'lazy' : 'eager'}
              decoding="async"
            />
          )}
          <button
            type="button"
            className={styles.play}
            aria-label={`Play video: ${video.title}`}
            aria-busy={loading}
            onClick={play}
          >
            <svg viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false">
              <rect width="68" height="48" rx="12" className={styles.playBg} />
              <path d="M27 14l18 10-18 10z" fill="#fff" />
            </svg>
          </button>
        </>
      )}
    </div>
  );
}
