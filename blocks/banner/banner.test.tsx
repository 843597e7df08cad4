import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { BannerProps } from '../../schemas/types/blocks/banner.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BannerProps;

describe('banner', () => {
  const html = renderBlock(block, props);

  it('renders a slider of the slides with labelled arrows and dots', () => {
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain('aria-label="Featured kitchens"');
    expect(html).toContain('aria-label="1 of 2"');
    expect(html).toContain('aria-label="2 of 2"');
    expect(html).toMatch(/<button[^>]*aria-label="Previous slide"/);
    expect(html).toMatch(/<button[^>]*aria-label="Next slide"/);
    expect(html).toContain('aria-label="Go to slide 2"');
    // 500 ms by default; dots only under 767 px.
    expect(html).toContain('transition-duration:500ms');
    expect(html).toContain('@media (max-width:766.98px)');
  });

  it('gives each slide an image per device from the site breakpoints, with sizes', () => {
    expect(html).toContain('<source media="(min-width: 1201px)" srcSet="/images/banners/home-navy-desktop.svg" width="1600" height="640"/>');
    expect(html).toContain('<source media="(min-width: 768px)" srcSet="/images/banners/home-navy-tablet.svg" width="1200" height="640"/>');
    expect(html).toMatch(/<img[^>]*src="\/images\/banners\/home-navy-mobile.svg"[^>]*alt="Shaker Navy kitchen with a white quartz island"[^>]*width="750"[^>]*height="560"[^>]*loading="eager"/);
    // Without a tablet image, the desktop one serves from 768 px.
    expect(html).toContain('<source media="(min-width: 768px)" srcSet="/images/banners/home-green-desktop.svg" width="1600" height="640"/>');
    expect(html).toMatch(/<img[^>]*src="\/images\/banners\/home-green-mobile.svg"[^>]*loading="lazy"/);
  });

  it('shows the ratings line, the first title as h1 and the actions', () => {
    expect(html).toContain('RATED 4.8 BY 1,240 HOMEOWNERS');
    expect(html).toContain('aria-label="Rated 4.8 out of 5"');
    expect(html).toMatch(/<h1[^>]*>Kitchens built to last, delivered to your door<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>New: Shaker Green<\/h2>/);
    expect(html).toMatch(/<a[^>]*href="\/free-kitchen-design"[^>]*>Get a free design<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/order-samples"[^>]*>Order sample doors<\/a>/);
  });

  it('renders one slide as a plain banner, without slider controls', () => {
    const one = renderBlock(block, { ...props, slides: [props.slides[0]] as BannerProps['slides'] });
    expect(one).not.toContain('carousel');
    expect(one).not.toContain('Next slide');
    expect(one).toContain('Kitchens built to last');
  });

  it('honours slider options', () => {
    const custom = renderBlock(block, { ...props, slider: { speed: 300, arrows: false, dots: false } });
    expect(custom).toContain('transition-duration:300ms');
    expect(custom).not.toContain('Next slide');
  });
});
