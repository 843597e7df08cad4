/**
 * The inline markup of content text: `[label](/url)` links and `**bold**`. Pure string helpers
 * (no React), so slugs and plain text can be computed anywhere.
 */

/** Group 1: bold text; groups 2 and 3: link label and URL. */
export const INLINE_MARKUP = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** The text without markup: link labels and bold text kept. */
export const plainText = (text: string): string =>
  text.replace(INLINE_MARKUP, (_m, bold?: string, label?: string): string => plainText(bold ?? label ?? ''));
