import { describe, expect, it } from 'vitest';
import { renderBlock, screenOf } from '../../engine/testing/index.ts';
import type { CardSliderProps } from '../../schemas/types/blocks/card-slider.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('card-slider', () => {
  const html = renderBlock(block, example.props as CardSliderProps);

  it('renders every card as a slide of a labelled carousel', () => {
    const screen = screenOf(html, { width: 375 }); // a phone: the slider, with its arrows
    const carousel = screen.getByRole('region', { name: 'Four steps to a new kitchen' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Measure',
      'Design',
      'Sample',
      'Order',
    ]);
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      '1 of 4',
      '2 of 4',
      '3 of 4',
      '4 of 4',
    ]);
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeTruthy();
  });

  it('is a slider below 768 px (a grid of the columns above), with dots below 480 px, 500 ms', () => {
    expect(html).toContain('@media (min-width:768px)');
    expect(html).toContain('grid-template-columns:repeat(4,minmax(0,1fr))');
    expect(html).toContain('@media (max-width:479.98px)');
    expect(html).toContain('transition-duration:500ms');
    // Nothing is inert before hydration: the grid is fully usable without script.
    expect(html).not.toContain('inert');
  });
});
