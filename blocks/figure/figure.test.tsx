import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf } from '../../engine/testing/index.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('figure', () => {
  const Figure = block.component;
  it('renders the image with size, alt and lazy loading, and the caption', () => {
    const screen = screenOf(renderToString(<Figure {...blockProps(block, example.props)} />));
    const img = screen.getByRole('img', { name: 'Navy shaker kitchen with brass pulls and a white quartz top' });
    expect(['src', 'width', 'height', 'loading'].map((a) => img.getAttribute(a))).toEqual([
      '/images/kitchen-shaker-navy.svg',
      '640',
      '420',
      'lazy',
    ]);
    expect(screen.getByRole('figure').querySelector('figcaption')?.textContent).toBe(
      'Shaker Navy with white quartz and brushed brass hardware.',
    );
  });

  it('loads a priority image eagerly', () => {
    const img = screenOf(renderToString(<Figure {...example.props} priority />)).getByRole('img');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
