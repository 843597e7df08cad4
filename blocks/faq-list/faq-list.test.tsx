import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FaqListProps } from '../../schemas/types/blocks/faq-list.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('faq-list', () => {
  const FaqList = block.component;
  const html = renderToString(<FaqList {...(example.props as FaqListProps)} />);

  it('renders the heading and every question and answer, all closed', () => {
    expect(html).toMatch(/<h2[^>]*>Frequently asked questions<\/h2>/);
    expect(html).toMatch(/<summary[^>]*>How long does delivery take\?<\/summary>/);
    expect(html).toContain('Every box is 3/4 inch plywood');
    expect(html).not.toContain(' open=');
  });

  it('groups the items so only one opens at a time', () => {
    const names = [...html.matchAll(/<details name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(1);
  });
});
