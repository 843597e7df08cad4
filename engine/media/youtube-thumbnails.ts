/**
 * YouTube thumbnails resolved at build time (Node only): for each video id, HEAD requests try
 * maxresdefault, hqdefault, mqdefault and default in turn on the thumbnail host; the first that
 * answers 2xx wins, and `default` is used when none does. The host is VIDEO_THUMBNAIL_HOST
 * (default https://i.ytimg.com). Builds often run offline (CI): each video gets at most
 * `timeoutMs` in total, and after the first network failure the host is not asked again in
 * this build, so an offline build loses at most one timeout, and says so in one line.
 * VIDEO_THUMBNAIL_HOST=off: an offline build by intent, asking nothing and saying nothing.
 * Results are cached per id.
 */
import { DEFAULT_THUMBNAIL_HOST, YOUTUBE_THUMBNAIL_QUALITIES, youtubeId, youtubeThumbnailUrl } from '../ui/youtube.ts';

export interface ThumbnailResolverOptions {
  host?: string;
  /** Total time per video for all its HEAD requests. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  /** Ask no host: every video gets its `default` thumbnail, silently. */
  offline?: boolean;
}

export interface ThumbnailResolver {
  (id: string): Promise<string>;
  /** HEAD requests made so far (for tests and logs). */
  readonly requests: number;
  readonly hostReachable: boolean;
}

export function createThumbnailResolver(opts: ThumbnailResolverOptions = {}): ThumbnailResolver {
  const host = (opts.host || DEFAULT_THUMBNAIL_HOST).replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 1500;
  const doFetch = opts.fetch ?? fetch;
  const cache = new Map<string, Promise<string>>();
  let reachable = !opts.offline;
  let requests = 0;

  const find = async (id: string): Promise<string> => {
    const fallback = youtubeThumbnailUrl(id, 'default', host);
    if (!reachable) return fallback;
    const signal = AbortSignal.timeout(timeoutMs);
    for (const quality of YOUTUBE_THUMBNAIL_QUALITIES) {
      const url = youtubeThumbnailUrl(id, quality, host);
      if (!reachable) return fallback;
      try {
        requests++;
        const res = await doFetch(url, { method: 'HEAD', signal, redirect: 'follow' });
        if (res.ok) return url;
      } catch (e) {
        if (reachable)
          opts.log?.(
            `video thumbnails: ${host} unreachable (${(e as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : ((e as Error & { cause?: { code?: string } }).cause?.code ?? (e as Error).message)}); using "default" thumbnails (VIDEO_THUMBNAIL_HOST=off builds offline without asking)`,
          );
        reachable = false;
        return fallback;
      }
    }
    return fallback;
  };

  const resolve = ((id: string) => {
    let p = cache.get(id);
    if (!p) {
      p = find(id);
      cache.set(id, p);
    }
    return p;
  }) as ThumbnailResolver;
  Object.defineProperties(resolve, {
    requests: { get: () => requests },
    hostReachable: { get: () => reachable },
  });
  return resolve;
}

interface VideoLike {
  videoUrl?: unknown;
  videoType?: unknown;
  thumbnail?: unknown;
}

/** A copy of `video` with its thumbnail filled in when it is a YouTube video without one. */
export async function withThumbnail<V extends VideoLike>(
  video: V,
  resolver: (id: string) => Promise<string>,
): Promise<V> {
  if (video.thumbnail || typeof video.videoUrl !== 'string' || video.videoType === 'file') return video;
  const id = youtubeId(video.videoUrl);
  return id ? { ...video, thumbnail: await resolver(id) } : video;
}

/** The build's shared resolver (one per build through ResolveContext.memo). */
export const THUMBNAIL_RESOLVER_KEY = 'youtube-thumbnails';
export const thumbnailResolverFromEnv = (log?: (line: string) => void) => {
  const host = process.env.VIDEO_THUMBNAIL_HOST?.trim();
  return host === 'off' ? createThumbnailResolver({ offline: true }) : createThumbnailResolver({ host, log });
};
