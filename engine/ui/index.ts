/** Shared UI for blocks (browser-safe): stars, truncation, carousel, video player, images, social icons. */
export { Stars, roundToHalf, ratingLabel, type StarsProps } from './stars.tsx';
export { Truncate, truncateText, type TruncateProps } from './truncate.tsx';
export { useSlider, slidePositions, wrapIndex, type SliderState } from './use-slider.ts';
export { Carousel, type CarouselProps } from './carousel.tsx';
export { useMediaQuery, prefersReducedMotion } from './use-media-query.ts';
export { VideoPlayer } from './video-player.tsx';
export {
  youtubeId,
  youtubeEmbedUrl,
  youtubeThumbnailUrl,
  videoKind,
  YOUTUBE_THUMBNAIL_QUALITIES,
  DEFAULT_THUMBNAIL_HOST,
  type YoutubeThumbnailQuality,
  type VideoSource,
} from './youtube.ts';
export { Card, type CardData } from './card.tsx';
export { Img, ActionLink, type ImageData, type ActionData } from './image.tsx';
export { ImagePriorityContext, createImagePriority, useImagePriority, type ImagePriority } from './image-priority.ts';
export { telHref, smsHref, phoneDigits, type PhoneLinkRule } from './phone.ts';
export { loadScript } from './load-script.ts';
export { SocialIcon, SOCIAL_NETWORKS, SOCIAL_LABELS, type SocialNetwork } from './social-icons.tsx';
export { useTabs, tabKeyTarget, type TabsState } from './use-tabs.ts';
export { useHydrated, useQueryParams, type QueryParamsUpdate } from './use-query-params.ts';
// Shared block styles (CSS Modules): class names a block puts on its elements, or composes.
export { default as sectionStyles } from './section.module.css';
export { default as linkCardStyles } from './link-card.module.css';
export { default as controlStyles } from './controls.module.css';
export { default as tabStyles } from './tabs.module.css';
export { EmptyState } from './empty-state.tsx';
