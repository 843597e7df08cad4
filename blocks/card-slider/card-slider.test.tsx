import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { CardSliderProps } from '../../schemas/types/blocks/card-slider.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('card-slider', () => {
  const html = renderBlock(block, example.props as CardSliderProps);

  it('renders every card as a slide of a labelled carousel', () => {
    expect(html).toContain('aria-roledescription="carousel" aria-label="Four steps to a new kitchen"');
    for (const t of ['Measure', 'Design', 'Sample', 'Order']) expect(html).toMatch(new RegExp(`<h3[^>]*>${t}</h3>`));
    expect(html).toContain('aria-label="4 of 4"');
    expect(html).toMatch(/<button[^>]*aria-label="Next slide"/);
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
