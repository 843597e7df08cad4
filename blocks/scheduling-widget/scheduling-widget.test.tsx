import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { SchedulingWidgetProps } from '../../schemas/types/blocks/scheduling-widget.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('scheduling-widget', () => {
  const html = renderBlock(block, example.props as SchedulingWidgetProps);

  it('reserves the 700 px widget area with a loader, and loads no script in the HTML', () => {
    expect(html).toMatch(/<div class="calendly-inline-widget[^"]*" data-url="https:\/\/calendly.com\/hearthline-cabinetry\/kitchen-design-call" style="height:700px">/);
    expect(html).toMatch(/role="status">.*Loading the calendar…/);
    expect(html).not.toContain('<script');
  });

  it('always links to the booking page', () => {
    expect(html).toMatch(/<a href="https:\/\/calendly.com\/hearthline-cabinetry\/kitchen-design-call" target="_blank" rel="noopener">Open the booking calendar/);
  });
});
