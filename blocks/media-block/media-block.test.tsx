import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { MediaBlockProps } from '../../schemas/types/blocks/media-block.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('media-block', () => {
  const props = example.props as MediaBlockProps;

  it('cuts long descriptions at 220 characters with Read more, leaves short ones whole', () => {
    const html = renderBlock(block, props);
    expect(html).toMatch(/<h3[^>]*>A plywood box, not particleboard<\/h3>/);
    expect(html).toContain('Every cabinet box is built from 3/4 inch furniture-grade plywood');
    expect(html).not.toContain('cast iron');
    expect(html).toMatch(/aria-expanded="false"[^>]*>Read more<\/button>/);
    expect(html).toContain('>Hinges and drawer slides close softly, every time.</p>');
    expect(html.match(/Read more/g)).toHaveLength(1);
  });

  it('takes another limit', () => {
    const html = renderBlock(block, { ...props, limit: 1000 });
    expect(html).toContain('cast iron');
    expect(html).not.toContain('Read more');
  });
});
