import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf, type WrittenProps } from '../../engine/testing/screen.ts';
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
