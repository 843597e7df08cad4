import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('blog-search', () => {
  it('renders a labelled search form that works without JavaScript (GET ?q=)', () => {
    const html = renderBlock(block, example.props);
    expect(html).toMatch(/<form[^>]*role="search"[^>]*aria-label="Search the blog"[^>]*method="get"/);
    const id = /<label for="([^"]+)"[^>]*>Search the blog<\/label>/.exec(html)![1];
    expect(html).toMatch(new RegExp(`<input id="${id}"[^>]*type="search"[^>]*name="q"`));
    expect(html).toContain('placeholder="Title, topic or author"');
    expect(html).toMatch(/<button type="submit"[^>]*>Search<\/button>/);
  });

  it('posts to another page when given an action', () => {
    expect(renderBlock(block, { action: '/blogs' })).toMatch(/<form[^>]*action="\/blogs"/);
  });
});
