import { describe, expect, it } from 'vitest';
import { headingsOf, type RichNode } from '../../engine/index.ts';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { BlogTocProps } from '../../schemas/types/blocks/blog-toc.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('blog-toc', () => {
  it('lists h2, h3 and h4 nested, linking to the ids the text gives its headings', () => {
    const html = renderBlock(block, example.props as unknown as BlogTocProps);
    expect(html).toMatch(/<nav[^>]*aria-labelledby="([^"]+)"[^>]*><h2 id="\1"[^>]*>In this article<\/h2>/);
    const ids = headingsOf(example.props.content as unknown as RichNode[]).map((h) => h.id);
    expect([...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])).toEqual(ids);
    // h3 entries sit inside their h2's item, the h4 inside its h3's.
    expect(html).toContain('<li><a href="#the-ten-layouts">The ten layouts</a><ol><li><a href="#one-wall-kitchens">One-wall kitchens</a></li>');
    expect(html).toContain('<li><a href="#l-shapes">L-shapes</a><ol><li><a href="#corner-options-compared">Corner options compared</a></li></ol></li>');
  });

  it('renders nothing for a text without headings', () => {
    expect(renderBlock(block, { content: [{ type: 'p' }] } as BlogTocProps)).toBe('');
  });
});
