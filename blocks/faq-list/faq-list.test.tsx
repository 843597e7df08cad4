import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { screenOf } from '../../engine/testing/index.ts';
import type { FaqListProps } from '../../schemas/types/blocks/faq-list.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('faq-list', () => {
  const FaqList = block.component;
  const screen = screenOf(renderToString(<FaqList {...(example.props as FaqListProps)} />));
  const items = [...screen.container.querySelectorAll('details')];

  it('renders the heading and every question and answer, all closed', () => {
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeTruthy();
    expect(screen.getByText('How long does delivery take?').tagName).toBe('SUMMARY');
    expect(screen.getByText(/Every box is 3\/4 inch plywood/)).toBeTruthy();
    expect(items.filter((d) => d.hasAttribute('open'))).toEqual([]);
  });

  it('groups the items so only one opens at a time', () => {
    const names = items.map((d) => d.getAttribute('name'));
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(1);
  });
});
