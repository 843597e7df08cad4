import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { SocialsProps } from '../../schemas/types/blocks/socials.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('socials', () => {
  it('renders icon links named after the site and network (or their own label)', () => {
    const screen = renderBlockScreen(block, example.props as SocialsProps);
    expect(screen.getByRole('heading', { level: 2, name: 'Follow our kitchens' })).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Hearthline Cabinetry on Instagram',
      'Hearthline Cabinetry on Pinterest',
      'Hearthline on YouTube',
    ]);
    expect(screen.getByRole('link', { name: 'Hearthline Cabinetry on Instagram' }).getAttribute('href')).toBe(
      'https://www.instagram.com/hearthlinecabinetry',
    );
    // Each link is its icon.
    expect(links.map((a) => a.querySelectorAll('svg').length)).toEqual([1, 1, 1]);
  });

  it('can show the network names as text', () => {
    const screen = renderBlockScreen(block, { ...(example.props as SocialsProps), showLabels: true });
    const instagram = screen.getByRole('link', { name: 'Instagram' });
    expect(instagram.hasAttribute('aria-label')).toBe(false);
  });
});
