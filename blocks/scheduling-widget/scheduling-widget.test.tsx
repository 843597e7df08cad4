import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { SchedulingWidgetProps } from '../../schemas/types/blocks/scheduling-widget.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('scheduling-widget', () => {
  const screen = renderBlockScreen(block, example.props as SchedulingWidgetProps);
  const BOOKING = 'https://calendly.com/hearthline-cabinetry/kitchen-design-call';

  it('reserves the 700 px widget area with a loader, and loads no script in the HTML', () => {
    const widget = screen.container.querySelector('.calendly-inline-widget')!;
    expect([widget.getAttribute('data-url'), widget.getAttribute('style')]).toEqual([BOOKING, 'height:700px']);
    expect(screen.getByRole('status').textContent).toContain('Loading the calendar…');
    expect(screen.container.querySelector('script')).toBeNull();
  });

  it('always links to the booking page', () => {
    const link = screen.getByRole('link', { name: /^Open the booking calendar/ });
    expect(['href', 'target', 'rel'].map((a) => link.getAttribute(a))).toEqual([BOOKING, '_blank', 'noopener']);
  });
});
