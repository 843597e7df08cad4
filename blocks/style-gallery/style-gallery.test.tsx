import { renderToString } from 'react-dom/server';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf } from '../../engine/testing/screen.ts';
import type { StyleGalleryProps } from '../../schemas/types/blocks/style-gallery.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const Gallery = block.component;
const props = example.props as StyleGalleryProps;

describe('style-gallery', () => {
  it('shows the first image large, with its size, caption and priority loading', () => {
    const screen = screenOf(renderToString(<Gallery {...blockProps(block, props)} />));
    expect(screen.getByRole('region', { name: 'Carlton images' })).toBeTruthy();
    const figure = screen.getByRole('figure');
    const main = within(figure).getByRole('img', { name: 'Kitchen with shaker cabinets in Pure White' });
    expect(['src', 'width', 'height', 'loading'].map((a) => main.getAttribute(a))).toEqual([
      '/images/styles/kitchens/shaker-pure-white.svg',
      '800',
      '500',
      'eager',
    ]);
    expect(figure.querySelector('figcaption')?.textContent).toBe('Pure White');
  });

  it('gives each thumbnail a named toggle button; the first is pressed', () => {
    const screen = screenOf(renderToString(<Gallery {...blockProps(block, props)} />));
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Show image 1 of 3: Pure White',
      'Show image 2 of 3: Natural White Oak',
      'Show image 3 of 3: Sample door',
    ]);
    expect(screen.getAllByRole('button', { pressed: true })).toEqual([buttons[0]]);
  });

  it('shows no thumbnails for a single image', () => {
    const screen = screenOf(renderToString(<Gallery {...blockProps(block, { images: [props.images[0]!] })} />));
    expect(screen.queryAllByRole('button', { hidden: true })).toEqual([]);
    expect(screen.getByRole('region', { name: 'Product images' })).toBeTruthy();
  });
});
