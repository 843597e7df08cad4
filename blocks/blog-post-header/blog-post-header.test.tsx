import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { BlogPostHeaderProps } from '../../schemas/types/blocks/blog-post-header.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogPostHeaderProps;

describe('blog-post-header', () => {
  it('shows category, title, author, date and the hero image', () => {
    const screen = renderBlockScreen(block, props, { path: '/blogs/top-10-kitchens-designs-4' });
    expect(screen.getByRole('link', { name: 'Must Read' }).getAttribute('href')).toBe('/blogs/category/must-read');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Top 10 Kitchen Designs, Part 4: Small Kitchens' }),
    ).toBeTruthy();
    const author = screen.getByRole('link', { name: 'Daniel Okafor' });
    expect(author.getAttribute('href')).toBe('/blogs/authors/daniel-okafor');
    expect(author.parentElement!.textContent).toMatch(/^By Daniel Okafor/);
    const date = screen.getByText('April 18, 2024');
    expect([date.tagName, date.getAttribute('datetime')]).toEqual(['TIME', '2024-04-18']);
    const hero = screen.getByRole('img', { name: /^Small white shaker kitchen/ });
    expect(['width', 'height', 'loading'].map((a) => hero.getAttribute(a))).toEqual(['1200', '630', 'eager']);
    expect(hero.getAttribute('src')).toContain('hero-small-kitchens');
  });

  it('shows Invalid blog data for a malformed post', () => {
    expect(
      renderBlockScreen(block, {
        post: { ...props.post, author: undefined },
      } as unknown as BlogPostHeaderProps).getByText(/Invalid blog data/),
    ).toBeTruthy();
  });
});
