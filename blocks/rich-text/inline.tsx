/**
 * Inline markup of rich text, parsed to React elements (never HTML strings):
 * `[label](/url)` links (through SiteLink, so internal ones navigate without a reload) and
 * `**bold**`. Anything else is plain text.
 */
import type { ReactNode } from 'react';
import { SiteLink } from '../../engine/index.ts';

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function renderInline(text: string, depth = 0): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = `${depth}-${m.index}`;
    if (m[1] !== undefined) out.push(<strong key={key}>{depth < 2 ? renderInline(m[1], depth + 1) : m[1]}</strong>);
    else
      out.push(
        <SiteLink key={key} href={m[3]!}>
          {depth < 2 ? renderInline(m[2]!, depth + 1) : m[2]}
        </SiteLink>,
      );
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** The text without markup: link labels and bold text kept. */
export const plainText = (text: string): string =>
  text.replace(INLINE, (_m, bold?: string, label?: string): string => plainText(bold ?? label ?? ''));

/** A URL fragment for a heading ("Paint vs. Stain: 5 Tips" -> "paint-vs-stain-5-tips"). */
export function slugify(text: string): string {
  return (
    plainText(text)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}
