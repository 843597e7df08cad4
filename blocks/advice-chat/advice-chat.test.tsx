import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { AdviceChatProps } from '../../schemas/types/blocks/advice-chat.ts';
import example from './example.json' with { type: 'json' };
import block, { CHAT_UNAVAILABLE } from './index.tsx';

describe('advice-chat', () => {
  it('renders the advisor, the online badge and the chat button', () => {
    const screen = renderBlockScreen(block, example.props as AdviceChatProps);
    expect(screen.getByRole('heading', { level: 2, name: 'Talk to a kitchen expert' })).toBeTruthy();
    expect(screen.getByText(/Jordan Pike/)).toBeTruthy();
    // The badge reads "Online"; its dot is decoration.
    const badge = screen.getByText('Online');
    expect(badge.querySelector('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chat with an expert' }).getAttribute('type')).toBe('button');
    expect(CHAT_UNAVAILABLE).toBe('This is Under Development!');
  });

  it('shows Offline when advisors are away', () => {
    const screen = renderBlockScreen(block, { ...(example.props as AdviceChatProps), status: 'offline' });
    expect(screen.getByText('Offline').tagName).toBe('P');
    expect(screen.queryByText('Online')).toBeNull();
  });
});
