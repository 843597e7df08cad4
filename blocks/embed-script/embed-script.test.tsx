import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { EmbedScriptProps } from '../../schemas/types/blocks/embed-script.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('embed-script', () => {
  it('shows Loading... in the widget container until the script loads', () => {
    const html = renderBlock(block, example.props as EmbedScriptProps);
    expect(html).toMatch(/<section[^>]*aria-label="Room visualizer" aria-busy="true">/);
    expect(html).toMatch(/<div id="visualizer-root"[^>]*style="min-height:480px">/);
    expect(html).toContain('role="status">Loading...</p>');
    expect(html).not.toContain('<script');
  });
});
