import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { AdviceChatProps } from '../../schemas/types/blocks/advice-chat.ts';
import example from './example.json' with { type: 'json' };
import block, { CHAT_UNAVAILABLE } from './index.tsx';

describe('advice-chat', () => {
  it('renders the advisor, the online badge and the chat button', () => {
    const html = renderBlock(block, example.props as AdviceChatProps);
    expect(html).toMatch(/<h2[^>]*>Talk to a kitchen expert<\/h2>/);
    expect(html).toContain('Jordan Pike');
    expect(html).toMatch(/<span[^>]*aria-hidden="true"><\/span>Online<\/p>/);
    expect(html).toMatch(/<button type="button"[^>]*>Chat with an expert<\/button>/);
    expect(CHAT_UNAVAILABLE).toBe('This is Under Development!');
  });

  it('shows Offline when advisors are away', () => {
    const html = renderBlock(block, { ...(example.props as AdviceChatProps), status: 'offline' });
    expect(html).toContain('</span>Offline</p>');
  });
});
