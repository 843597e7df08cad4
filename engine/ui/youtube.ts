/** YouTube URLs: the video id of any common URL form, and the privacy-enhanced embed URL. */

const ID = /^[A-Za-z0-9_-]{11}$/;

/** "dQw4w9WgXcQ" from watch?v=, youtu.be/, /embed/, /shorts/, /live/ URLs or a bare id; else null. */
export function youtubeId(url: string): string | null {
  if (ID.test(url)) return url;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^(www|m|music)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = u.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = u.searchParams.get('v');
    const m = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(u.pathname);
    if (!id && m) id = m[1]!;
  }
  return id && ID.test(id) ? id : null;
}

/** The youtube-nocookie player URL (no cookies until the visitor plays). */
export const youtubeEmbedUrl = (id: string, autoplay = false) =>
  `https://www.youtube-nocookie.com/embed/${id}${autoplay ? '?autoplay=1&rel=0' : '?rel=0'}`;

/** YouTube thumbnail qualities, best first: maxres, high, medium, default. */
export const YOUTUBE_THUMBNAIL_QUALITIES = ['maxresdefault', 'hqdefault', 'mqdefault', 'default'] as const;
export type YoutubeThumbnailQuality = (typeof YOUTUBE_THUMBNAIL_QUALITIES)[number];

export const DEFAULT_THUMBNAIL_HOST = 'https://i.ytimg.com';

export const youtubeThumbnailUrl = (id: string, quality: YoutubeThumbnailQuality, host = DEFAULT_THUMBNAIL_HOST) =>
  `${host.replace(/\/+$/, '')}/vi/${id}/${quality}.jpg`;

/** A video as content describes it (video cards, text with video). */
export interface VideoSource {
  title: string;
  videoUrl: string;
  videoType?: 'youtube' | 'file';
  thumbnail?: string;
}

/** YouTube or a file: the declared type, else what the URL looks like. */
export const videoKind = (v: VideoSource): 'youtube' | 'file' =>
  v.videoType ?? (youtubeId(v.videoUrl) ? 'youtube' : 'file');
