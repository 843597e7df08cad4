/** Build time: a YouTube video without a thumbnail gets the best one that exists (see engine/media/youtube-thumbnails.ts). */
import {
  THUMBNAIL_RESOLVER_KEY,
  thumbnailResolverFromEnv,
  withThumbnail,
  type ResolveProps,
} from '../../engine/node.ts';

export const resolve: ResolveProps = async (props, ctx) => {
  if (!props.video || typeof props.video !== 'object') return props;
  const thumbnails = ctx.memo(THUMBNAIL_RESOLVER_KEY, () => thumbnailResolverFromEnv(ctx.log));
  return { ...props, video: await withThumbnail(props.video, thumbnails) };
};
