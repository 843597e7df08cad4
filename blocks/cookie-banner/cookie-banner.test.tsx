import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('cookie-banner', () => {
  it('is not in the prerendered HTML: it appears after hydration, once the cookie is read', () => {
    expect(renderBlock(block, example.props)).toBe('');
  });
});
