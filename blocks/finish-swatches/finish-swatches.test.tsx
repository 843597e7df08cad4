import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { FinishSwatchesProps } from '../../schemas/types/blocks/finish-swatches.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const Swatches = block.component;
const props = example.props as unknown as FinishSwatchesProps;

/** As the prerender renders it: on the server the query is ignored (one HTML file serves every query). */
function render(p: FinishSwatchesProps, url = '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/carlton?type=stain&value=espresso') {
  return renderToString(
    <StaticRouter location={url}>
      <Swatches {...p} />
    </StaticRouter>,
  );
}
const radios = (html: string) => [...html.matchAll(/<input type="radio"([^>]*)>/g)].map((m) => m[1]!);

describe('finish-swatches', () => {
  it('shows 10 swatches per group by default, then a +N toggle', () => {
    const html = render(props);
    const paint = props.finishes[0]!;
    expect(paint.items.length).toBe(16);
    expect(radios(html)).toHaveLength(10 + props.finishes[1]!.items.length);
    expect(html).toMatch(/<button type="button"[^>]*aria-expanded="false"[^>]*>\+6<span class="jv-sr-only"> more paint colors<\/span><\/button>/);
  });

  it('takes 9 to 11 visible swatches from its prop', () => {
    expect(radios(render({ ...props, visibleCount: 9 }))).toHaveLength(9 + 5);
    expect(render({ ...props, visibleCount: 11 })).toContain('+5<span');
  });

  it('names each swatch and preselects the first finish before hydration', () => {
    const html = render(props);
    expect(html).toMatch(/<legend[^>]*>Paint colors<\/legend>/);
    expect(html).toContain('<span class="jv-sr-only">Pure White</span>');
    const first = radios(html)[0]!;
    expect(first).toContain('value="paint:pure-white"');
    expect(first).toContain('checked=""');
    expect(radios(html).filter((r) => r.includes('checked'))).toHaveLength(1);
  });

  it('previews the chosen finish door with its size', () => {
    const html = render(props);
    const img = /<figure[^>]*><img([^>]*)>/.exec(html)![1]!;
    expect(img).toContain('src="/images/styles/doors/shaker-pure-white.svg"');
    expect(img).toContain('width="300"');
    expect(img).toContain('height="400"');
    expect(html).toMatch(/Selected finish: <strong>Pure White<\/strong>/);
  });

  it('renders nothing for a style without finishes', () => {
    expect(render({ finishes: [] })).toBe('');
  });
});
