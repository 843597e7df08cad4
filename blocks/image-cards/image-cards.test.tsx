import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { ImageCardsProps } from '../../schemas/types/blocks/image-cards.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { clampZoom, zoomIn, zoomOut, zoomPercent } from './zoom.ts';

describe('image-cards', () => {
  it('renders each image as a button that opens the lightbox, with captions', () => {
    const screen = renderBlockScreen(block, example.props as ImageCardsProps);
    expect(screen.getByRole('heading', { level: 2, name: 'Shaker Green in real kitchens' })).toBeTruthy();
    const enlarge = screen.getByRole('button', {
      name: 'Enlarge image: Shaker Green kitchen with an oak-topped island',
    });
    expect([enlarge.getAttribute('type'), enlarge.getAttribute('aria-haspopup')]).toEqual(['button', 'dialog']);
    // The picture inside is named by its button (alt ""), sized and lazy.
    const img = enlarge.querySelector('img')!;
    expect(['src', 'alt', 'width', 'height', 'loading'].map((a) => img.getAttribute(a))).toEqual([
      '/images/gallery/shaker-green-kitchen.svg',
      '',
      '960',
      '720',
      'lazy',
    ]);
    expect(screen.getByText('Island and perimeter in Shaker Green').tagName).toBe('FIGCAPTION');
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull(); // rendered only when opened
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
