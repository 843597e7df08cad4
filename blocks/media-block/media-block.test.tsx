import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { MediaBlockProps } from '../../schemas/types/blocks/media-block.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('media-block', () => {
  const props = example.props as MediaBlockProps;

  it('cuts long descriptions at 220 characters with Read more, leaves short ones whole', () => {
    const screen = renderBlockScreen(block, props);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'A plywood box, not particleboard',
      'Soft-close everything',
    ]);
    const long = screen.getByText(/^Every cabinet box is built from 3\/4 inch furniture-grade plywood/);
    // The end of the long text waits in the page behind the ellipsis, hidden until Read more opens.
    expect(screen.getByText(/cast iron/, { selector: 'span' }).previousElementSibling!.textContent).toBe('…');
    expect(long.textContent!.indexOf('…')).toBeLessThanOrEqual(220);
    // One Read more, on the long text only (a closed disclosure); the short one is whole.
    const toggles = screen.container.querySelectorAll('details');
    expect(toggles).toHaveLength(1);
    expect([toggles[0]!.open, toggles[0]!.querySelector('summary')!.textContent]).toEqual([
      false,
      'Read moreShow less',
    ]);
    expect(toggles[0]!.previousElementSibling).toBe(long);
    expect(screen.getByText('Hinges and drawer slides close softly, every time.').tagName).toBe('P');
  });

  it('takes another limit', () => {
    const screen = renderBlockScreen(block, { ...props, limit: 1000 });
    expect(screen.getByText(/cast iron/).tagName).toBe('P');
    expect(screen.container.querySelector('details')).toBeNull();
  });
});
