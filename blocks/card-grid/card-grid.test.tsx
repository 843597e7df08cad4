import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { CardGridProps } from '../../schemas/types/blocks/card-grid.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('card-grid', () => {
  it('renders one card per entry with image, title, text links and action', () => {
    const screen = renderBlockScreen(block, example.props as CardGridProps);
    expect(screen.getByRole('heading', { level: 2, name: 'Why homeowners choose Hearthline' })).toBeTruthy();
    const cards = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(cards).toEqual(expect.arrayContaining(['3/4 inch plywood boxes', 'Dovetail drawers']));
    const inText = screen.getByRole('link', { name: 'how we build' });
    expect(inText.getAttribute('href')).toBe('/about-us');
    expect(inText.parentElement!.textContent).toContain('Read how we build.');
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/about-us');
    const img = screen.getByRole('img', { name: 'Cut-away of a plywood cabinet box' });
    expect(['width', 'height', 'loading'].map((a) => img.getAttribute(a))).toEqual(['480', '320', 'lazy']);
  });
});
