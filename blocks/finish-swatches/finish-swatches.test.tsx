// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { within } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockProps, screenOf, type WrittenProps } from '../../engine/testing/index.ts';
import type { FinishSwatchesProps } from '../../schemas/types/blocks/finish-swatches.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const Swatches = block.component;
const props = example.props as unknown as FinishSwatchesProps;

/** As the prerender renders it: on the server the query is ignored (one HTML file serves every query). */
function render(
  p: WrittenProps<FinishSwatchesProps>,
  url = '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton?type=stain&value=espresso',
) {
  return renderToString(
    <StaticRouter location={url}>
      <Swatches {...blockProps(block, p)} />
    </StaticRouter>,
  );
}
const radios = (html: string) => screenOf(html).getAllByRole('radio');

describe('finish-swatches', () => {
  it('shows 10 swatches per group by default, then a +N toggle', () => {
    const html = render(props);
    const paint = props.finishes[0]!;
    expect(paint.items.length).toBe(16);
    expect(radios(html)).toHaveLength(10 + props.finishes[1]!.items.length);
    expect(
      screenOf(html).getByRole('button', { name: '+6 more paint colors', expanded: false }).getAttribute('type'),
    ).toBe('button');
  });

  it('takes 9 to 11 visible swatches from its prop', () => {
    expect(radios(render({ ...props, visibleCount: 9 }))).toHaveLength(9 + 5);
    expect(
      screenOf(render({ ...props, visibleCount: 11 })).getByRole('button', { name: '+5 more paint colors' }),
    ).toBeTruthy();
  });

  it('names each swatch and preselects the first finish before hydration', () => {
    const screen = screenOf(render(props));
    const paint = screen.getByRole('group', { name: 'Paint colors' });
    const first = screen.getByRole('radio', { name: 'Pure White' });
    expect(paint.contains(first)).toBe(true);
    expect(first.getAttribute('value')).toBe('paint:pure-white');
    expect(screen.getAllByRole('radio', { checked: true })).toEqual([first]);
  });

  it('previews the chosen finish door with its size', () => {
    const screen = screenOf(render(props));
    const door = screen.getByRole('img', { name: 'Shaker cabinet door in Pure White' });
    expect(['src', 'width', 'height'].map((a) => door.getAttribute(a))).toEqual([
      '/images/styles/doors/shaker-pure-white.svg',
      '300',
      '400',
    ]);
    expect(screen.getByText('Pure White', { selector: 'strong' }).parentElement!.textContent).toMatch(
      /^Selected finish: Pure White/,
    );
  });

  it('puts every swatch in one radio group whose name does not depend on where it renders', () => {
    const names = radios(render(props)).map((r) => r.getAttribute('name'));
    expect(new Set(names)).toEqual(new Set(['finish']));
  });

  it('renders nothing for a style without finishes', () => {
    expect(render({ finishes: [] })).toBe('');
  });
});

/** Carlton's first two paints: Pure White with its own sample door, Pacific Navy sold as another style's. */
function withSamples(): WrittenProps<FinishSwatchesProps> {
  const [paint] = props.finishes;
  const [white, navy] = paint!.items;
  return {
    finishes: [
      { ...paint!, items: [white!, { ...navy!, value: 'pacific-navy', label: 'Pacific Navy', sample: 'PS-SD-PN' }] },
    ],
    samples: [
      {
        sku: 'CARLTON-SD-PW',
        name: 'Carlton sample door, Pure White',
        price: 0,
        weight: 3.6,
        finish: { type: 'paint', value: 'pure-white' },
      },
    ],
  };
}

describe('finish-swatches with the style samples', () => {
  it("offers the chosen finish's own sample under the choice", () => {
    const screen = screenOf(render(withSamples()));
    expect(screen.getByRole('button', { name: 'Order a sample: Carlton sample door, Pure White' })).toBeTruthy();
    expect(screen.getByText('Carlton sample door, Pure White').textContent).toBe(
      'Carlton sample door, Pure White $0.00',
    );
  });

  it('offers no sample without the samples prop', () => {
    expect(screenOf(render(props)).queryByRole('button', { name: /Order a sample/ })).toBeNull();
  });

  it('says when the chosen finish has no sample', () => {
    const screen = screenOf(render({ ...withSamples(), samples: [] }));
    expect(screen.getByText('No sample of Pure White to order yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Order a sample/ })).toBeNull();
  });
});

describe('finish-swatches in the browser: a finish another style sells as a sample', () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    history.replaceState(null, '', '/');
  });

  it("loads that style's sample from the sample data, and adds it with its own finish", async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      const finish = {
        type: 'color',
        value: 'pacific-navy',
        label: 'Pacific Navy',
        image: { src: '/n.svg', processedUrls: { medium: '/n.svg' } },
      };
      const record = { sku: 'PS-SD-PN', name: 'Pacific Navy Shaker sample door, Pacific Navy', price: 0, finish };
      return new Response(JSON.stringify({ version: 1, styles: {}, samples: { 'PS-SD-PN': record } }));
    });
    history.replaceState(null, '', '/?type=paint&value=pacific-navy');
    const container = document.createElement('div');
    document.body.replaceChildren(container);
    await act(async () => createRoot(container).render(<Swatches {...blockProps(block, withSamples())} />));
    const view = within(container);
    const order = await view.findByRole('button', {
      name: 'Order a sample: Pacific Navy Shaker sample door, Pacific Navy',
    });
    expect(fetched).toEqual(['/data/samples.json']);
    await act(async () => order.click());
    expect(view.getByRole('status').textContent).toBe(
      'Item Pacific Navy Shaker sample door, Pacific Navy has been successfully added.',
    );
    expect(JSON.parse(localStorage.getItem('selectedSamples')!).items).toEqual([
      {
        sku: 'PS-SD-PN',
        name: 'Pacific Navy Shaker sample door, Pacific Navy',
        qty: 1,
        finish: { type: 'color', value: 'pacific-navy' },
      },
    ]);
  });
});
