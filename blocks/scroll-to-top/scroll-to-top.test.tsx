import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('scroll-to-top', () => {
  it('renders a labelled button, hidden until the page is scrolled', () => {
    const html = renderBlock(block, example.props);
    expect(html).toMatch(/<button type="button"[^>]*aria-label="Scroll to top" hidden="">/);
  });
});
