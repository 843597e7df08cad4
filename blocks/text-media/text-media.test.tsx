import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { TextMediaProps } from '../../schemas/types/blocks/text-media.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as TextMediaProps;

describe('text-media', () => {
  it('renders the text, bullets, links, image and action', () => {
    const html = renderBlock(block, props);
    expect(html).toMatch(/<h2[^>]*>Finished by hand, one door at a time<\/h2>/);
    expect(html).toMatch(/See the finish for yourself with <a href="\/order-samples"[^>]*>sample doors<\/a>\./);
    expect(html).toContain('<li>Catalysed conversion varnish</li>');
    expect(html).toMatch(/<img[^>]*src="\/images\/about\/finishing-shop.svg"[^>]*alt="A painter spraying a green shaker door in the finishing booth"[^>]*width="800"[^>]*height="600"[^>]*loading="lazy"/);
    expect(html).toMatch(/<a[^>]*href="\/about-us"[^>]*>About us<\/a>/);
  });

  it('shows a video behind a play button instead of an image', () => {
    const html = renderBlock(block, {
      ...props,
      image: undefined,
      video: { title: 'Our finishing shop', videoUrl: 'https://www.youtube.com/watch?v=Hl7cFinShop', thumbnail: 'https://i.ytimg.com/vi/Hl7cFinShop/hqdefault.jpg' },
    });
    expect(html).toContain('aria-label="Play video: Our finishing shop"');
    expect(html).toContain('src="https://i.ytimg.com/vi/Hl7cFinShop/hqdefault.jpg"');
    expect(html).not.toContain('finishing-shop.svg');
  });
});
