import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { TextMediaProps } from '../../schemas/types/blocks/text-media.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as TextMediaProps;

describe('text-media', () => {
  it('renders the text, bullets, links, image and action', () => {
    const screen = renderBlockScreen(block, props);
    expect(screen.getByRole('heading', { level: 2, name: 'Finished by hand, one door at a time' })).toBeTruthy();
    const samples = screen.getByRole('link', { name: 'sample doors' });
    expect(samples.getAttribute('href')).toBe('/order-samples');
    expect(samples.parentElement!.textContent).toContain('See the finish for yourself with sample doors.');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('Catalysed conversion varnish');
    const img = screen.getByRole('img', { name: 'A painter spraying a green shaker door in the finishing booth' });
    expect(['src', 'width', 'height', 'loading'].map((a) => img.getAttribute(a))).toEqual([
      '/images/about/finishing-shop.svg',
      '800',
      '600',
      'lazy',
    ]);
    expect(screen.getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('/about-us');
  });

  it('shows a video behind a play button instead of an image', () => {
    const screen = renderBlockScreen(block, {
      ...props,
      image: undefined,
      video: {
        title: 'Our finishing shop',
        videoUrl: 'https://www.youtube.com/watch?v=Hl7cFinShop',
        thumbnail: 'https://i.ytimg.com/vi/Hl7cFinShop/hqdefault.jpg',
      },
    });
    const play = screen.getByRole('button', { name: 'Play video: Our finishing shop' });
    expect(play.parentElement!.querySelector('img')?.getAttribute('src')).toBe(
      'https://i.ytimg.com/vi/Hl7cFinShop/hqdefault.jpg',
    );
    expect([...screen.container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).not.toContain(
      '/images/about/finishing-shop.svg',
    );
  });
});
