import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { ImageCardsProps } from '../../schemas/types/blocks/image-cards.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { clampZoom, zoomIn, zoomOut, zoomPercent } from './zoom.ts';

describe('image-cards', () => {
  it('renders each image as a button that opens the lightbox, with captions', () => {
    const html = renderBlock(block, example.props as ImageCardsProps);
    expect(html).toMatch(/<h2[^>]*>Shaker Green in real kitchens<\/h2>/);
    expect(html).toMatch(/<button type="button"[^>]*aria-haspopup="dialog" aria-label="Enlarge image: Shaker Green kitchen with an oak-topped island"/);
    expect(html).toMatch(/<img[^>]*src="\/images\/gallery\/shaker-green-kitchen.svg" alt="" width="960" height="720" loading="lazy"/);
    expect(html).toMatch(/<figcaption[^>]*>Island and perimeter in Shaker Green<\/figcaption>/);
    expect(html).not.toContain('<dialog'); // rendered only when opened
  });

  it('zooms in steps between 1 and the maximum (2 by default)', () => {
    expect(zoomIn(1, 0.5, 2)).toBe(1.5);
    expect(zoomIn(1.5, 0.5, 2)).toBe(2);
    expect(zoomIn(2, 0.5, 2)).toBe(2);
    expect(zoomOut(1.5, 0.5, 2)).toBe(1);
    expect(zoomOut(1, 0.5, 2)).toBe(1);
    expect(clampZoom(3, 2.5)).toBe(2.5);
    expect(zoomPercent(1.5)).toBe('150%');
  });
});
