import { describe, expect, it } from 'vitest';
import { screenOf, renderBlock } from '../../engine/testing/index.ts';
import type { BannerProps } from '../../schemas/types/blocks/banner.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BannerProps;

describe('banner', () => {
  const html = renderBlock(block, props);
  const screen = screenOf(html, { width: 375 }); // a phone: arrows and dots
  /** Each <source> of a slide's picture as "media srcset width x height". */
  const sources = (img: HTMLElement) =>
    [...img.closest('picture')!.querySelectorAll('source')].map(
      (s) =>
        `${s.getAttribute('media')} ${s.getAttribute('srcset')} ${s.getAttribute('width')}x${s.getAttribute('height')}`,
    );

  it('renders a slider of the slides with labelled arrows and dots', () => {
    const carousel = screen.getByRole('region', { name: 'Featured kitchens' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getAllByRole('group', { hidden: true }).map((g) => g.getAttribute('aria-label'))).toEqual([
      '1 of 2',
      '2 of 2',
    ]);
    for (const name of ['Previous slide', 'Next slide', 'Go to slide 2'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    // 500 ms by default; dots only under 767 px.
    expect(html).toContain('transition-duration:500ms');
    expect(html).toContain('@media (max-width:766.98px)');
  });

  it('gives each slide an image per device from the site breakpoints, with sizes', () => {
    const navy = screen.getByRole('img', { name: 'Shaker Navy kitchen with a white quartz island', hidden: true });
    expect(['src', 'width', 'height', 'loading'].map((a) => navy.getAttribute(a))).toEqual([
      '/images/banners/home-navy-mobile.svg',
      '750',
      '560',
      'eager',
    ]);
    expect(sources(navy)).toEqual([
      '(min-width: 1201px) /images/banners/home-navy-desktop.svg 1600x640',
      '(min-width: 768px) /images/banners/home-navy-tablet.svg 1200x640',
    ]);
    // Without a tablet image, the desktop one serves from 768 px.
    const green = [...screen.container.querySelectorAll('img')].find(
      (i) => i.getAttribute('src') === '/images/banners/home-green-mobile.svg',
    )!;
    expect(green.getAttribute('loading')).toBe('lazy');
    expect(sources(green)).toContain('(min-width: 768px) /images/banners/home-green-desktop.svg 1600x640');
  });

  it('shows the ratings line, the first title as h1 and the actions', () => {
    const all = { hidden: true } as const; // slides after the first are out of view
    expect(screen.getAllByText(/RATED 4\.8 BY 1,240 HOMEOWNERS/).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('img', { name: 'Rated 4.8 out of 5' }).length).toBeGreaterThan(0);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Kitchens built to last, delivered to your door' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2, ...all }).map((h) => h.textContent)).toContain(
      'New: Shaker Green',
    );
    const link = (text: string) =>
      screen
        .getAllByRole('link', all)
        .find((a) => a.textContent === text)
        ?.getAttribute('href');
    expect(link('Get a free design')).toBe('/free-kitchen-design');
    expect(link('Order sample doors')).toBe('/order-samples');
  });

  it('renders one slide as a plain banner, without slider controls', () => {
    const one = screenOf(renderBlock(block, { ...props, slides: [props.slides[0]] as BannerProps['slides'] }));
    expect(one.container.querySelector('[aria-roledescription="carousel"]')).toBeNull();
    expect(one.queryAllByRole('button', { hidden: true })).toEqual([]);
    expect(one.getByRole('heading', { level: 1, name: /^Kitchens built to last/ })).toBeTruthy();
  });

  it('honours slider options', () => {
    const custom = renderBlock(block, { ...props, slider: { speed: 300, arrows: false, dots: false } });
    expect(custom).toContain('transition-duration:300ms');
    const buttons = screenOf(custom, { width: 375 }).queryAllByRole('button', { hidden: true });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).not.toContain('Next slide');
  });
});
