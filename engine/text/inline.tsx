/**
 * Inline markup parsed to React elements (never HTML strings): `[label](/url)` links through
 * SiteLink (internal ones navigate without a reload) and `**bold**`. Anything else is text.
 */
import type { ReactNode } from 'react';
import { SiteLink } from '../render/link.tsx';
import { INLINE_MARKUP } from './markup.ts';

export function renderInline(text: string, depth = 0): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE_MARKUP)) {
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
