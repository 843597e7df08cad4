import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { VideoCardsProps } from '../../schemas/types/blocks/video-cards.ts';
import example from './example.json' with { type: 'json' };
import block, { formatDuration } from './index.tsx';

describe('video-cards', () => {
  const screen = renderBlockScreen(block, example.props as VideoCardsProps);

  it('renders a card per video: play button over the thumbnail, title, duration', () => {
    expect(screen.getByRole('heading', { level: 3, name: 'How to hang wall cabinets' })).toBeTruthy();
    // The play button sits over its thumbnail.
    const thumbnail = (title: string) =>
      screen
        .getByRole('button', { name: `Play video: ${title}` })
        .parentElement!.querySelector('img')
        ?.getAttribute('src');
    expect(thumbnail('How to hang wall cabinets')).toBe('https://i.ytimg.com/vi/Hl7cWallCab/hqdefault.jpg');
    expect(thumbnail('Assembling an RTA base cabinet')).toBe('/images/steps/install.svg');
    expect(screen.getByText('Duration:', { exact: false }).parentElement!.textContent).toContain('Duration: 8:42');
    // No player until one is asked for.
    expect(screen.container.querySelector('iframe, video')).toBeNull();
  });

  it('cuts descriptions over 250 characters with Read more', () => {
    const toggles = screen.container.querySelectorAll('details');
    expect(toggles).toHaveLength(1);
    expect([toggles[0]!.open, toggles[0]!.querySelector('summary')!.textContent]).toEqual([
      false,
      'Read moreShow less',
    ]);
    // The end of the long description waits behind the ellipsis, hidden until Read more opens.
    expect(
      screen.getByText(/without leaving a gap behind the cabinet/, { selector: 'span' }).previousElementSibling!
        .textContent,
    ).toBe('…');
    expect(
      screen.getByText('Cam locks, dowels and the back panel: a base cabinet in about twenty minutes.'),
    ).toBeTruthy();
  });

  it('formats ISO 8601 durations', () => {
    expect(formatDuration('PT8M42S')).toBe('8:42');
    expect(formatDuration('PT1H2M3S')).toBe('1:02:03');
    expect(formatDuration('PT45S')).toBe('0:45');
    expect(formatDuration('8 minutes')).toBeNull();
  });
});
