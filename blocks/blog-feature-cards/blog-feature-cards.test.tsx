import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { BlogFeatureCardsProps } from '../../schemas/types/blocks/blog-feature-cards.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogFeatureCardsProps;
const titles = (screen: ReturnType<typeof renderBlockScreen>) =>
  screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('blog-feature-cards', () => {
  it('features the popular posts, newest first, the first image loaded eagerly', () => {
    const screen = renderBlockScreen(block, props);
    expect(screen.getByRole('region', { name: 'Featured articles' })).toBeTruthy();
    expect(titles(screen)).toEqual([
      'Top 10 Bathroom Vanity Designs',
      'Top 10 Kitchen Designs We Built This Year',
      'Dressing the Kitchen: The Essential Styling Trends That Started in 2020',
    ]);
    expect(screen.getByRole('link', { name: 'Top 10 Bathroom Vanity Designs' }).getAttribute('href')).toBe(
      '/blogs/top-10-bathroom-designs',
    );
    // The pictures are decorative (alt ""): their loading and size are attributes, not roles.
    const imgs = [...screen.container.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(imgs[0]!.getAttribute('width')).toBe('1200');
    expect(screen.getAllByText('Latest Trends').length).toBeGreaterThan(0);
  });

  it('takes given slugs in order', () => {
    const screen = renderBlockScreen(block, {
      ...props,
      slugs: ['top-10-kitchens-designs-4', 'gray-sofa-combination-with-flower'],
    });
    expect(titles(screen)).toEqual([
      'Top 10 Kitchen Designs, Part 4: Small Kitchens',
      'Gray Sofa, Fresh Flowers: Styling an Open-Plan Kitchen and Living Room',
    ]);
  });

  it('reports malformed data', () => {
    expect(
      renderBlockScreen(block, {
        ...props,
        posts: [{ slug: 'x' }] as unknown as BlogFeatureCardsProps['posts'],
      }).getByText(/Invalid blog data/),
    ).toBeTruthy();
  });
});
