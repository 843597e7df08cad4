import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('blog-search', () => {
  it('renders a labelled search form that works without JavaScript (GET ?q=)', () => {
    const screen = renderBlockScreen(block, example.props);
    expect(screen.getByRole('search', { name: 'Search the blog' }).getAttribute('method')).toBe('get');
    const input = screen.getByRole('searchbox', { name: 'Search the blog' });
    expect([input.getAttribute('name'), input.getAttribute('placeholder')]).toEqual(['q', 'Title, topic or author']);
    expect(screen.getByRole('button', { name: 'Search' }).getAttribute('type')).toBe('submit');
  });

  it('posts to another page when given an action', () => {
    expect(renderBlockScreen(block, { action: '/blogs' }).getByRole('search').getAttribute('action')).toBe('/blogs');
  });
});
