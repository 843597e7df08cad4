/** Build time: YouTube videos without a thumbnail get the best one that exists (see engine/media/youtube-thumbnails.ts). */
import {
  THUMBNAIL_RESOLVER_KEY,
  thumbnailResolverFromEnv,
  withThumbnail,
  type ResolveProps,
} from '../../engine/node.ts';

export const resolveProps: ResolveProps = async (props, ctx) => {
  if (!Array.isArray(props.videos)) return props;
  const thumbnails = ctx.memo(THUMBNAIL_RESOLVER_KEY, () => thumbnailResolverFromEnv(ctx.log));
  return {
    ...props,
    videos: await Promise.all(props.videos.map((v) => (v && typeof v === 'object' ? withThumbnail(v, thumbnails) : v))),
  };
};
