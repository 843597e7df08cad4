import { describe, expect, it } from 'vitest';
import { renderBlockScreen, type WrittenProps, renderBlock } from '../../engine/testing/index.ts';
import { headingsOf, type RichNode } from '../../engine/index.ts';
import type { BlogTocProps } from '../../schemas/types/blocks/blog-toc.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('blog-toc', () => {
  it('lists h2, h3 and h4 nested, linking to the ids the text gives its headings', () => {
    const screen = renderBlockScreen(block, example.props as unknown as BlogTocProps);
    const nav = screen.getByRole('navigation', { name: 'In this article' });
    const ids = headingsOf(example.props.content as unknown as RichNode[]).map((h) => h.id);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(ids.map((id) => `#${id}`));
    // h3 entries sit inside their h2's item, the h4 inside its h3's.
    const itemOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;
    const parentItem = (name: string) => itemOf(name).parentElement!.closest('li');
    expect(parentItem('One-wall kitchens')).toBe(itemOf('The ten layouts'));
    expect(parentItem('Corner options compared')).toBe(itemOf('L-shapes'));
    expect(parentItem('The ten layouts')).toBeNull();
    expect(nav.contains(itemOf('L-shapes'))).toBe(true);
  });

  it('renders nothing for a text without headings', () => {
    expect(renderBlock(block, { content: [{ type: 'p' }] } as WrittenProps<BlogTocProps>)).toBe('');
  });
});
