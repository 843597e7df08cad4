import { renderToString } from 'react-dom/server';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { screenOf } from '../../engine/testing/screen.ts';
import type { SpecViewProps } from '../../schemas/types/blocks/spec-view.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const SpecView = block.component;
const props = example.props as SpecViewProps;
const screen = screenOf(renderToString(<SpecView {...props} />));

describe('spec-view', () => {
  it('shows a tabular group as a table of label and value rows', () => {
    const table = screen.getByRole('table', { name: 'Construction' });
    const row = within(table).getByRole('rowheader', { name: 'Cabinet box' }).closest('tr')!;
    expect(within(row).getByRole('cell').textContent).toBe('3/4 in. furniture-grade plywood sides, bottom and shelves');
  });

  it('shows tabbing groups as ARIA tabs, the first selected and its panel visible', () => {
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Dimensions', 'Assembly']);
    expect(screen.getAllByRole('tab', { selected: true })).toEqual([tabs[0]]);
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1']);
    // Only the first panel is shown, and it is the one the selected tab controls.
    const shown = screen.getAllByRole('tabpanel');
    expect(shown).toHaveLength(1);
    expect(screen.getAllByRole('tabpanel', { hidden: true })).toHaveLength(2);
    expect(shown[0]!.id).toBe(tabs[0]!.getAttribute('aria-controls'));
  });

  it('lists properties in the group content format and display', () => {
    // Dimensions: unordered, grid, with keys and its image; Assembly: ordered, list, values only
    const dimensions = screen.getByText('Base cabinets:', { exact: false }).closest('ul, ol')!;
    expect([dimensions.tagName, dimensions.className]).toEqual(['UL', expect.stringContaining('grid')]);
    expect(screen.getByRole('img', { name: 'Base cabinet dimensions: 34 1/2 in. high, 24 in. deep, widths from 9 to 48 in.', hidden: true })).toBeTruthy();
    const assembly = screen.getByText(/^Lay the face frame/).closest('ul, ol')!;
    expect([assembly.tagName, assembly.className]).toEqual(['OL', expect.stringContaining('stack')]);
    expect(screen.container.textContent).not.toContain('Step 1');
  });

  it('shows every group one way when the view is set', () => {
    const tabbing = screenOf(renderToString(<SpecView {...props} view="tabbing" />));
    expect(tabbing.queryAllByRole('table', { hidden: true })).toEqual([]);
    expect(tabbing.getAllByRole('tab')).toHaveLength(3);
    expect(screenOf(renderToString(<SpecView {...props} view="tabular" />)).getAllByRole('table', { hidden: true })).toHaveLength(3);
  });

  it('says No Data Found without groups', () => {
    const empty = screenOf(renderToString(<SpecView groups={[]} />));
    expect(empty.getByText('No Data Found').tagName).toBe('P');
    expect(empty.getByText('We are sorry, but we could not find any data.').tagName).toBe('P');
  });
});
