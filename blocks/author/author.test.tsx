import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { AuthorProps } from '../../schemas/types/blocks/author.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('author', () => {
  it('renders photo, name, role, bio with links, and named social links', () => {
    const html = renderBlock(block, example.props as AuthorProps);
    expect(html).toMatch(/<h2[^>]*>Maria Alvarez<\/h2>/);
    expect(html).toContain('Lead Kitchen Designer');
    expect(html).toMatch(/<img[^>]*alt="Portrait of Maria Alvarez"[^>]*width="240"[^>]*height="240"/);
    expect(html).toMatch(/She leads our <a href="\/free-kitchen-design"[^>]*>free design<\/a> team\./);
    expect(html).toMatch(/<a href="https:\/\/www.instagram.com\/hearthline.maria"[^>]*aria-label="Maria Alvarez on Instagram"/);
    expect(html).toContain('aria-label="Maria Alvarez on LinkedIn"');
  });

  it('links the name when the author has a page', () => {
    const html = renderBlock(block, { name: 'Maria Alvarez', url: '/blogs/authors/maria-alvarez', headingLevel: 3 });
    expect(html).toMatch(/<h3[^>]*><a href="\/blogs\/authors\/maria-alvarez"[^>]*>Maria Alvarez<\/a><\/h3>/);
  });
});
