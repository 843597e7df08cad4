import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/screen.ts';
import type { MediaBlockProps } from '../../schemas/types/blocks/media-block.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('media-block', () => {
  const props = example.props as MediaBlockProps;

  it('cuts long descriptions at 220 characters with Read more, leaves short ones whole', () => {
    const screen = renderBlockScreen(block, props);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['A plywood box, not particleboard', 'Soft-close everything']);
    expect(screen.getByText(/^Every cabinet box is built from 3\/4 inch furniture-grade plywood/)).toBeTruthy();
    expect(screen.queryByText(/cast iron/)).toBeNull();
    // One Read more, on the long text only; the short one is whole.
    expect(screen.getAllByRole('button', { name: 'Read more' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Read more', expanded: false })).toBeTruthy();
    expect(screen.getByText('Hinges and drawer slides close softly, every time.').tagName).toBe('P');
  });

  it('takes another limit', () => {
    const screen = renderBlockScreen(block, { ...props, limit: 1000 });
    expect(screen.getByText(/cast iron/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Read more' })).toBeNull();
  });
});
