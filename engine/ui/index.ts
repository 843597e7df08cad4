/** Shared UI for blocks (browser-safe): stars, truncation, carousel, video player, images, social icons. */
export { Stars, ratingLabel } from './stars.tsx';
export { Truncate, truncateText } from './truncate.tsx';
export { Carousel } from './carousel.tsx';
export { VideoPlayer } from './video-player.tsx';
export { Card } from './card.tsx';
export { Img, ActionLink, Picture, PictureSources, useSlotSizes, placeholderStyle } from './image.tsx';
export { FULL_WIDTH, gridLayout } from './image-sizes.ts';
export { useImagePriority } from './image-priority.ts';
export { telHref, smsHref } from './phone.ts';
export { loadScript } from './load-script.ts';
export { SocialIcon, SOCIAL_NETWORKS, SOCIAL_LABELS, type SocialNetwork } from './social-icons.tsx';
export { useTabs } from './use-tabs.ts';
export { useQueryParams } from './use-query-params.ts';
// Shared block styles (CSS Modules): class names a block puts on its elements, or composes.
export { default as sectionStyles } from './section.module.css';
export { default as linkCardStyles } from './link-card.module.css';
export { EmptyState } from './empty-state.tsx';
