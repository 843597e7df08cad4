import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { EmbedScriptProps } from '../../schemas/types/blocks/embed-script.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('embed-script', () => {
  it('shows Loading... in the widget container until the script loads', () => {
    const screen = renderBlockScreen(block, example.props as EmbedScriptProps);
    expect(screen.getByRole('region', { name: 'Room visualizer', busy: true })).toBeTruthy();
    expect(screen.container.querySelector('#visualizer-root')?.getAttribute('style')).toBe('min-height:480px');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.container.querySelector('script')).toBeNull();
  });
});
