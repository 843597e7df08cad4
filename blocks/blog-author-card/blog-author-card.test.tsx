import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { BlogAuthorCardProps } from '../../schemas/types/blocks/blog-author-card.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as BlogAuthorCardProps;

describe('blog-author-card', () => {
  it("completes a post's author reference from the authors list", () => {
    const html = renderBlock(block, props);
    expect(html).toMatch(/<h2[^>]*>About the author<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Daniel Okafor<\/h3>/);
    expect(html).toContain('Cabinet Installer and Trainer');
    expect(html).toContain('twelve years installing cabinets');
    expect(html).toMatch(/<a href="\/blogs\/authors\/daniel-okafor"[^>]*>More articles by Daniel Okafor<\/a>/);
  });

  it("is the author page's heading as a profile", () => {
    const html = renderBlock(block, { variant: 'profile', author: props.authors![0]! });
    expect(html).toMatch(/<h1[^>]*>Maya Castellano<\/h1>/);
    expect(html).not.toContain('More articles by');
  });

  it('shows Invalid author data for a malformed author', () => {
    expect(renderBlock(block, { author: { id: 'x' } } as unknown as BlogAuthorCardProps)).toContain('Invalid author data');
    expect(renderBlock(block, { author: { id: 'x', name: 'X' }, authors: [{ id: 'x', name: 'X', logo: 'nope' }] } as unknown as BlogAuthorCardProps)).toContain('Invalid author data');
  });
});
