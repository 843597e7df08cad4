import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { VideoCardsProps } from '../../schemas/types/blocks/video-cards.ts';
import example from './example.json' with { type: 'json' };
import block, { formatDuration } from './index.tsx';

describe('video-cards', () => {
  const html = renderBlock(block, example.props as VideoCardsProps);

  it('renders a card per video: play button over the thumbnail, title, duration', () => {
    expect(html).toMatch(/<h3[^>]*>How to hang wall cabinets<\/h3>/);
    expect(html).toContain('aria-label="Play video: How to hang wall cabinets"');
    expect(html).toContain('src="https://i.ytimg.com/vi/Hl7cWallCab/hqdefault.jpg"');
    expect(html).toContain('aria-label="Play video: Assembling an RTA base cabinet"');
    expect(html).toContain('src="/images/steps/install.svg"');
    expect(html).toMatch(/Duration: <\/span>8:42/);
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<video');
  });

  it('cuts descriptions over 250 characters with Read more', () => {
    expect(html).toContain('Read more</button>');
    expect(html).not.toContain('without leaving a gap behind the cabinet');
    expect(html).toContain('Cam locks, dowels and the back panel: a base cabinet in about twenty minutes.');
    expect(html.match(/Read more/g)).toHaveLength(1);
  });

  it('formats ISO 8601 durations', () => {
    expect(formatDuration('PT8M42S')).toBe('8:42');
    expect(formatDuration('PT1H2M3S')).toBe('1:02:03');
    expect(formatDuration('PT45S')).toBe('0:45');
    expect(formatDuration('8 minutes')).toBeNull();
  });
});
