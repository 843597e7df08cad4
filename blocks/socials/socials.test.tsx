import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { SocialsProps } from '../../schemas/types/blocks/socials.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('socials', () => {
  it('renders icon links named after the site and network (or their own label)', () => {
    const html = renderBlock(block, example.props as SocialsProps);
    expect(html).toMatch(/<h2[^>]*>Follow our kitchens<\/h2>/);
    expect(html).toMatch(/<a href="https:\/\/www.instagram.com\/hearthlinecabinetry"[^>]*aria-label="Hearthline Cabinetry on Instagram"/);
    expect(html).toContain('aria-label="Hearthline Cabinetry on Pinterest"');
    expect(html).toContain('aria-label="Hearthline on YouTube"');
    expect(html.match(/<svg/g)).toHaveLength(3);
  });

  it('can show the network names as text', () => {
    const html = renderBlock(block, { ...(example.props as SocialsProps), showLabels: true });
    expect(html).toContain('<span>Instagram</span>');
    expect(html).not.toContain('aria-label="Hearthline Cabinetry on Instagram"');
  });
});
