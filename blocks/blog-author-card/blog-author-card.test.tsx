import { describe, expect, it } from 'vitest';
import { blockProps, renderBlockScreen, type WrittenProps } from '../../engine/testing/index.ts';
import type { BlogAuthorCardProps } from '../../schemas/types/blocks/blog-author-card.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = blockProps(block, example.props as WrittenProps<BlogAuthorCardProps>);

describe('blog-author-card', () => {
  it("completes a post's author reference from the authors list", () => {
    const screen = renderBlockScreen(block, props);
    expect(screen.getByRole('heading', { level: 2, name: 'About the author' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Daniel Okafor' })).toBeTruthy();
    expect(screen.getByText(/Cabinet Installer and Trainer/)).toBeTruthy();
    expect(screen.getByText(/twelve years installing cabinets/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'More articles by Daniel Okafor' }).getAttribute('href')).toBe(
      '/blogs/authors/daniel-okafor',
    );
  });

  it("is the author page's heading as a profile", () => {
    const screen = renderBlockScreen(block, { variant: 'profile', author: props.authors![0]! });
    expect(screen.getByRole('heading', { level: 1, name: 'Maya Castellano' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /More articles by/ })).toBeNull();
  });

  it('shows Invalid author data for a malformed author', () => {
    expect(
      renderBlockScreen(block, { author: { id: 'x' } } as unknown as BlogAuthorCardProps).getByText(
        /Invalid author data/,
      ),
    ).toBeTruthy();
    expect(
      renderBlockScreen(block, {
        author: { id: 'x', name: 'X' },
        authors: [{ id: 'x', name: 'X', logo: 'nope' }],
      } as unknown as BlogAuthorCardProps).getByText(/Invalid author data/),
    ).toBeTruthy();
  });
});
