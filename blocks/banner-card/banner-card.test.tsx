import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { BannerCardProps } from '../../schemas/types/blocks/banner-card.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('banner-card', () => {
  it('renders image, title, ratings with stars, text and action', () => {
    const screen = renderBlockScreen(block, example.props as BannerCardProps);
    expect(screen.getByRole('heading', { level: 2, name: 'Loved in 1,240 kitchens' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeTruthy();
    expect(screen.getByText(/4\.8 out of 5 from verified buyers/)).toBeTruthy();
    const image = [...screen.container.querySelectorAll('img')].find(
      (i) => i.getAttribute('src') === '/images/about/showroom.svg',
    )!;
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['800', '600']);
    expect(screen.getByRole('link', { name: 'Read reviews' }).getAttribute('href')).toBe('/reviews');
  });
});
