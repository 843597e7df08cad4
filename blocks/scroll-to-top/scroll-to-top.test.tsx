import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/screen.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('scroll-to-top', () => {
  it('renders a labelled button, hidden until the page is scrolled', () => {
    const screen = renderBlockScreen(block, example.props);
    // Hidden: no button for the reader yet...
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    // ...until the script shows it.
    const button = screen.getByRole('button', { hidden: true });
    expect(button.getAttribute('aria-label')).toBe('Scroll to top');
    expect(button.hasAttribute('hidden')).toBe(true);
    expect(button.getAttribute('type')).toBe('button');
  });
});
