// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { within } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { blockProps, screenOf } from '../../engine/testing/index.ts';
import type { StyleGalleryProps } from '../../schemas/types/blocks/style-gallery.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const Gallery = block.component;
const props = example.props as StyleGalleryProps;

const swatch = (name: string) => ({ src: `/images/styles/swatches/${name}.svg`, alt: '', width: 80, height: 80 });
const photo = (name: string) => ({
  src: `/images/styles/kitchens/shaker-${name}.svg`,
  alt: `Kitchen with shaker cabinets in ${name}`,
  width: 800,
  height: 500,
  processedUrls: { card: `/images/styles/kitchens/shaker-${name}.svg` },
});
/** Two finishes of the Carlton style, with a photo each, and a sample of each. */
const carlton = {
  finishes: [
    {
      name: 'paint',
      group: 'Painted',
      title: 'Paint colors',
      items: [
        { value: 'pure-white', label: 'Pure White', image: swatch('pure-white'), previewImage: photo('pure-white') },
        {
          value: 'hudson-sage',
          label: 'Hudson Sage',
          image: swatch('hudson-sage'),
          previewImage: photo('hudson-sage'),
        },
      ],
    },
    {
      name: 'stain',
      group: 'Stained',
      title: 'Stain colors',
      items: [{ value: 'espresso', label: 'Espresso', image: swatch('espresso') }],
    },
  ],
  samples: [
    {
      sku: 'CARLTON-SD-PW',
      name: 'Carlton sample door, Pure White',
      price: 0,
      weight: 3,
      finish: { type: 'paint', value: 'pure-white' },
    },
    {
      sku: 'CARLTON-SD-HS',
      name: 'Carlton sample door, Hudson Sage',
      price: 0,
      weight: 3,
      finish: { type: 'paint', value: 'hudson-sage' },
    },
  ],
} satisfies Pick<StyleGalleryProps, 'finishes' | 'samples'>;

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
    expect(buttons).toEqual(
      ['Show image 1 of 3: Pure White', 'Show image 2 of 3: Natural White Oak', 'Show image 3 of 3: Sample door'].map(
        (name) => screen.getByRole('button', { name }),
      ),
    );
    expect(screen.getAllByRole('button', { pressed: true })).toEqual([buttons[0]]);
  });

  it("prerenders the default finish's sample above the image with its Order a sample button", () => {
    const screen = screenOf(renderToString(<Gallery {...blockProps(block, { ...props, ...carlton })} />));
    const region = within(screen.getByRole('region', { name: 'Carlton images' }));
    expect(region.getByText('Carlton sample door, Pure White')).toBeTruthy();
    expect(region.getByRole('button', { name: 'Order a sample: Carlton sample door, Pure White' })).toBeTruthy();
    expect(region.getByRole('status').textContent).toBe('');
  });

  it('says when the finish in view has no sample, and shows no button', () => {
    const screen = screenOf(
      renderToString(<Gallery {...blockProps(block, { ...props, ...carlton, samples: [carlton.samples[1]!] })} />),
    );
    expect(screen.getByText('No sample of Pure White to order yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Order a sample/ })).toBeNull();
  });

  it('shows no thumbnails for a single image', () => {
    const screen = screenOf(renderToString(<Gallery {...blockProps(block, { images: [props.images[0]!] })} />));
    expect(screen.queryAllByRole('button', { hidden: true })).toEqual([]);
    expect(screen.getByRole('region', { name: 'Product images' })).toBeTruthy();
  });
});

describe('style-gallery in the browser', () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  afterEach(() => {
    localStorage.clear();
    history.replaceState(null, '', '/');
  });

  async function mount() {
    const container = document.createElement('div');
    document.body.replaceChildren(container);
    await act(async () => createRoot(container).render(<Gallery {...blockProps(block, { ...props, ...carlton })} />));
    const view = within(container);
    return {
      view,
      main: () => within(view.getByRole('figure')).getByRole('img'),
      choose: (type: string, value: string) =>
        act(async () => {
          history.replaceState(null, '', `/?type=${type}&value=${value}`);
          dispatchEvent(new PopStateEvent('popstate'));
        }),
    };
  }

  it('shows the photo of each finish chosen, keeps the photo for a finish without one', async () => {
    const { view, main, choose } = await mount();
    expect(main().getAttribute('src')).toBe('/images/styles/kitchens/shaker-pure-white.svg');
    await choose('paint', 'hudson-sage');
    expect(main().getAttribute('src')).toBe('/images/styles/kitchens/shaker-hudson-sage.svg');
    expect(view.getByRole('figure').textContent).toBe('Hudson Sage');
    expect(view.queryAllByRole('button', { pressed: true })).toEqual([]);
    expect(view.getByRole('button', { name: 'Order a sample: Carlton sample door, Hudson Sage' })).toBeTruthy();
    await choose('stain', 'espresso');
    expect(main().getAttribute('src')).toBe('/images/styles/kitchens/shaker-hudson-sage.svg');
    expect(view.getByText('No sample of Espresso to order yet.')).toBeTruthy();
    // A thumbnail picked by hand, then a finish whose photo is that of the first thumbnail.
    await act(async () => view.getByRole('button', { name: /Show image 2 of 3/ }).click());
    expect(main().getAttribute('alt')).toBe('Kitchen with shaker cabinets in Natural White Oak');
    await choose('paint', 'pure-white');
    expect(view.getByRole('button', { pressed: true })).toBe(
      view.getByRole('button', { name: 'Show image 1 of 3: Pure White' }),
    );
  });

  it('adds the sample of the finish in view once, then says In cart beside a link to the cart', async () => {
    const { view, choose } = await mount();
    await choose('paint', 'hudson-sage');
    await act(async () => view.getByRole('button', { name: /^Order a sample/ }).click());
    expect(view.getByRole('status').textContent).toBe(
      'Item Carlton sample door, Hudson Sage has been successfully added.',
    );
    expect(JSON.parse(localStorage.getItem('selectedSamples')!).items).toEqual([
      { sku: 'CARLTON-SD-HS', name: 'Carlton sample door, Hudson Sage', qty: 1, finish: carlton.samples[1]!.finish },
    ]);
    const inCart = view.getByRole('button', { name: 'In cart: Carlton sample door, Hudson Sage' });
    expect(view.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/order-samples');
    await act(async () => inCart.click());
    expect(view.getByRole('status').textContent).toBe(
      'You can order maximum 1 quantity of item "Carlton sample door, Hudson Sage".',
    );
    // Another finish: its own button, not yet in the cart.
    await choose('paint', 'pure-white');
    expect(view.getByRole('button', { name: 'Order a sample: Carlton sample door, Pure White' })).toBeTruthy();
    expect(view.queryByRole('link', { name: 'View cart' })).toBeNull();
  });
});
