import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SpecViewProps } from '../../schemas/types/blocks/spec-view.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const SpecView = block.component;
const props = example.props as SpecViewProps;
const html = renderToString(<SpecView {...props} />);

describe('spec-view', () => {
  it('shows a tabular group as a table of label and value rows', () => {
    expect(html).toMatch(/<table[^>]*><caption[^>]*>Construction<\/caption>/);
    expect(html).toContain('<th scope="row">Cabinet box</th><td>3/4 in. furniture-grade plywood sides, bottom and shelves</td>');
  });

  it('shows tabbing groups as ARIA tabs, the first selected and its panel visible', () => {
    const tabs = [...html.matchAll(/<button([^>]*role="tab"[^>]*)>([^<]*)<\/button>/g)];
    expect(tabs.map((t) => t[2])).toEqual(['Dimensions', 'Assembly']);
    expect(tabs.map((t) => /aria-selected="(\w+)"/.exec(t[1]!)![1])).toEqual(['true', 'false']);
    expect(tabs.map((t) => /tabindex="(-?\d)"/.exec(t[1]!)![1])).toEqual(['0', '-1']);
    const panels = [...html.matchAll(/<div([^>]*role="tabpanel"[^>]*)>/g)].map((p) => p[1]!);
    expect(panels[0]).not.toContain('hidden');
    expect(panels[1]).toContain('hidden');
    const controls = /aria-controls="([^"]+)"/.exec(tabs[0]![1]!)![1];
    expect(panels[0]).toContain(`id="${controls}"`);
  });

  it('lists properties in the group content format and display', () => {
    // Dimensions: unordered, grid, with keys and its image; Assembly: ordered, list, values only
    expect(html).toMatch(/<ul class="[^"]*grid[^"]*"><li[^>]*><span[^>]*>Base cabinets: <\/span>/);
    expect(html).toContain('alt="Base cabinet dimensions: 34 1/2 in. high, 24 in. deep, widths from 9 to 48 in."');
    expect(html).toMatch(/<ol class="[^"]*stack[^"]*"><li[^>]*><span[^>]*>Lay the face frame/);
    expect(html).not.toContain('Step 1');
  });

  it('shows every group one way when the view is set', () => {
    const tabbing = renderToString(<SpecView {...props} view="tabbing" />);
    expect(tabbing).not.toContain('<table');
    expect(tabbing.match(/role="tab"/g)).toHaveLength(3);
    expect(renderToString(<SpecView {...props} view="tabular" />).match(/<table/g)).toHaveLength(3);
  });

  it('says No Data Found without groups', () => {
    const empty = renderToString(<SpecView groups={[]} />);
    expect(empty).toContain('>No Data Found</p>');
    expect(empty).toContain('>We are sorry, but we could not find any data.</p>');
  });
});
