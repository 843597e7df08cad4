import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { AuthorProps } from '../../schemas/types/blocks/author.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('author', () => {
  it('renders photo, name, role, bio with links, and named social links', () => {
    const screen = renderBlockScreen(block, example.props as AuthorProps);
    expect(screen.getByRole('heading', { level: 2, name: 'Maria Alvarez' })).toBeTruthy();
    expect(screen.getByText(/Lead Kitchen Designer/)).toBeTruthy();
    const photo = screen.getByRole('img', { name: 'Portrait of Maria Alvarez' });
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['240', '240']);
    const link = screen.getByRole('link', { name: 'free design' });
    expect(link.getAttribute('href')).toBe('/free-kitchen-design');
    expect(link.parentElement!.textContent).toContain('She leads our free design team.');
    expect(screen.getByRole('link', { name: 'Maria Alvarez on Instagram' }).getAttribute('href')).toBe(
      'https://www.instagram.com/hearthline.maria',
    );
    expect(screen.getByRole('link', { name: 'Maria Alvarez on LinkedIn' })).toBeTruthy();
  });

  it('links the name when the author has a page', () => {
    const screen = renderBlockScreen(block, {
      name: 'Maria Alvarez',
      url: '/blogs/authors/maria-alvarez',
      headingLevel: 3,
    });
    const heading = screen.getByRole('heading', { level: 3, name: 'Maria Alvarez' });
    expect(heading.querySelector('a')?.getAttribute('href')).toBe('/blogs/authors/maria-alvarez');
  });
});
