/**
 * Build time: YouTube videos without a thumbnail get the best one that exists (see
 * engine/media/youtube-thumbnails.ts); each video is a VideoObject on routes with the video flag.
 */
import {
  THUMBNAIL_RESOLVER_KEY,
  thumbnailResolverFromEnv,
  withThumbnail,
  type BlockBuild,
  type ResolveProps,
} from '../../engine/node.ts';
import type { VideoCardsProps } from '../../schemas/types/blocks/video-cards.ts';

export const resolve: ResolveProps = async (props, ctx) => {
  if (!Array.isArray(props.videos)) return props;
  const thumbnails = ctx.memo(THUMBNAIL_RESOLVER_KEY, () => thumbnailResolverFromEnv(ctx.log));
  return {
    ...props,
    videos: await Promise.all(props.videos.map((v) => (v && typeof v === 'object' ? withThumbnail(v, thumbnails) : v))),
  };
};

export const jsonLd: BlockBuild['jsonLd'] = (props) => ({ video: (props as unknown as VideoCardsProps).videos });
