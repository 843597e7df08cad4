/** The player itself (loaded only when a visitor presses play): a youtube-nocookie iframe or a <video>. */
import { useEffect, useRef } from 'react';
import styles from './ui.module.css';
import { videoKind, youtubeEmbedUrl, youtubeId, type VideoSource } from './youtube.ts';

export function VideoFrame({ video }: { video: VideoSource }) {
  const player = useRef<HTMLIFrameElement & HTMLVideoElement>(null);
  // The play button is gone: keep keyboard focus on the player, not on <body>.
  useEffect(() => player.current?.focus(), []);
  const id = videoKind(video) === 'youtube' ? youtubeId(video.videoUrl) : null;
  if (id)
    return (
      <iframe
        ref={player}
        className={styles.videoFrame}
        src={youtubeEmbedUrl(id, true)}
        title={video.title}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
      />
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: the site's video entries carry no caption file yet
    <video
      ref={player}
      className={styles.videoFrame}
      src={video.videoUrl}
      poster={video.thumbnail}
      controls
      autoPlay
      playsInline
      aria-label={video.title}
    />
  );
}
