import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('figure', () => {
  const Figure = block.component;
  it('renders the image with size, alt and lazy loading, and the caption', () => {
    const html = renderToString(<Figure {...example.props} />);
    const img = /<img([^>]*)>/.exec(html)![1]!;
    expect(img).toContain('src="/images/kitchen-shaker-navy.svg"');
    expect(img).toContain('alt="Navy shaker kitchen with brass pulls and a white quartz top"');
    expect(img).toContain('width="640"');
    expect(img).toContain('height="420"');
    expect(img).toContain('loading="lazy"');
    expect(html).toMatch(/<figcaption[^>]*>Shaker Navy with white quartz and brushed brass hardware.<\/figcaption>/);
  });

  it('loads a priority image eagerly', () => {
    const html = renderToString(<Figure {...example.props} priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toMatch(/fetchpriority="high"/i);
  });
});
