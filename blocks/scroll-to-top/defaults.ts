/** Scrolled further than this (px), the button shows: shared by the markup and the client. */
export const DEFAULT_THRESHOLD = 200;
