import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { BlogPopularPostsProps } from '../../schemas/types/blocks/blog-popular-posts.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogPopularPostsProps;
const titles = (path = '/') =>
  renderBlockScreen(block, props, { path })
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('blog-popular-posts', () => {
  it('lists the popular posts newest first', () => {
    expect(renderBlockScreen(block, props).getByRole('region', { name: 'Popular Posts' })).toBeTruthy();
    expect(titles()).toEqual([
      'Top 10 Bathroom Vanity Designs',
      'Top 10 Kitchen Designs We Built This Year',
      'Dressing the Kitchen: The Essential Styling Trends That Started in 2020',
    ]);
  });

  it('leaves out the post being read', () => {
    const shown = titles('/blogs/top-10-bathroom-designs');
    expect(shown).not.toContain('Top 10 Bathroom Vanity Designs');
    expect(shown).toHaveLength(2);
  });
});
