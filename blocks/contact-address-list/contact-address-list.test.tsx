import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { ContactAddressListProps } from '../../schemas/types/blocks/contact-address-list.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('contact-address-list', () => {
  const html = renderBlock(block, example.props as ContactAddressListProps);

  it('renders each address with its map link, phone, email and hours', () => {
    expect(html).toMatch(/<h3[^>]*>Columbus showroom<\/h3>/);
    expect(html).toContain('2150 Westbelt Drive</span>');
    expect(html).toMatch(/<a href="https:\/\/www.google.com\/maps\/search\/\?api=1&amp;query=2150\+Westbelt[^"]*"[^>]*>View Columbus showroom on the map<\/a>/);
    expect(html).toContain('<a href="tel:+16145550143">(614) 555-0143</a>');
    expect(html).toContain('<a href="mailto:hello@hearthlinecabinetry.com">hello@hearthlinecabinetry.com</a>');
    expect(html).toContain('<li>Sat 10 am - 4 pm</li>');
  });

  it('leaves out what an address does not have', () => {
    const second = html.slice(html.indexOf('Warehouse pick-up'));
    expect(second).not.toContain('on the map');
    expect(second).not.toContain('tel:');
    expect(second).toContain('Mon-Fri 8 am - 3 pm, by appointment');
  });
});
