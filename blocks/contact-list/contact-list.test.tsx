import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { ContactListProps } from '../../schemas/types/blocks/contact-list.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('contact-list', () => {
  const html = renderBlock(block, example.props as ContactListProps);

  it('renders phone, email and sms as links with labels', () => {
    expect(html).toMatch(/Call<\/span><a href="tel:\+16145550143">\(614\) 555-0143<\/a>/);
    expect(html).toMatch(/Email<\/span><a href="mailto:hello@hearthlinecabinetry.com">/);
    expect(html).toMatch(/Text us<\/span><a href="sms:\+16145550199">\(614\) 555-0199<\/a>/);
  });

  it('renders an address with its map link, icon links, links and images', () => {
    expect(html).toContain('<address');
    expect(html).toContain('2150 Westbelt Drive, Columbus, OH 43228</address>');
    expect(html).toContain('View on map</a>');
    expect(html).toMatch(/<a href="\/book-appointment"[^>]*>Schedule a call<\/a>/);
    expect(html).toMatch(/<a href="\/faqs"[^>]*>Frequently asked questions<\/a>/);
    expect(html).toMatch(/<a href="\/"[^>]*><img[^>]*alt="Hearthline Cabinetry"[^>]*width="220"[^>]*height="56"/);
  });
});
