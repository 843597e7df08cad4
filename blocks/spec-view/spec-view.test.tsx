import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf } from '../../engine/testing/index.ts';
import type { SpecViewProps } from '../../schemas/types/blocks/spec-view.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const SpecView = block.component;
const props = example.props as SpecViewProps;
const screen = screenOf(renderToString(<SpecView {...blockProps(block, props)} />));

describe('spec-view', () => {
  it('shows a tabular group as a table of label and value rows', () => {
    const table = screen.getByRole('table', { name: 'Construction' });
    const row = within(table).getByRole('rowheader', { name: 'Cabinet box' }).closest('tr')!;
    expect(within(row).getByRole('cell').textContent).toBe('3/4 in. furniture-grade plywood sides, bottom and shelves');
  });

  it('shows tabbing groups as radio-input tabs (no script), the first chosen, every panel in the HTML after its tab', () => {
    const group = screen.getByRole('group', { name: 'Specification groups' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => screen.container.querySelector(`label[for="${r.id}"]`)?.textContent)).toEqual([
      'Dimensions',
      'Assembly',
    ]);
    expect(within(group).getAllByRole('radio', { checked: true })).toEqual([radios[0]]);
    // One name: the arrow keys move between them. Each radio is followed by its label, then its panel, named by it.
    expect(new Set(radios.map((r) => r.getAttribute('name'))).size).toBe(1);
    for (const [i, name] of ['Dimensions', 'Assembly'].entries()) {
      const label = radios[i]!.nextElementSibling!;
      expect([label.tagName, label.getAttribute('for')]).toEqual(['LABEL', radios[i]!.id]);
      expect(label.nextElementSibling).toBe(within(group).getByRole('group', { name }));
    }
    // CSS shows the panel after the checked radio's label only.
    expect(readFileSync(join(import.meta.dirname, 'spec-view.module.css'), 'utf8')).toMatch(
      /\.tab-input:checked \+ \.tab \+ \.panel \{\s*display: block;/,
    );
  });

  it('lists properties in the group content format and display', () => {
    // Dimensions: unordered, grid, with keys and its image; Assembly: ordered, list, values only
    const dimensions = screen.getByText('Base cabinets:', { exact: false }).closest('ul, ol')!;
    expect([dimensions.tagName, dimensions.className]).toEqual(['UL', expect.stringContaining('grid')]);
    expect(
      screen.getByRole('img', {
        name: 'Base cabinet dimensions: 34 1/2 in. high, 24 in. deep, widths from 9 to 48 in.',
        hidden: true,
      }),
    ).toBeTruthy();
    const assembly = screen.getByText(/^Lay the face frame/).closest('ul, ol')!;
    expect([assembly.tagName, assembly.className]).toEqual(['OL', expect.stringContaining('stack')]);
    expect(screen.container.textContent).not.toContain('Step 1');
  });

  it('shows every group one way when the view is set', () => {
    const tabbing = screenOf(renderToString(<SpecView {...props} view="tabbing" />));
    expect(tabbing.queryAllByRole('table', { hidden: true })).toEqual([]);
    expect(tabbing.getAllByRole('radio')).toHaveLength(3);
    expect(
      screenOf(renderToString(<SpecView {...props} view="tabular" />)).getAllByRole('table', { hidden: true }),
    ).toHaveLength(3);
  });

  it('says No Data Found without groups', () => {
    const empty = screenOf(renderToString(<SpecView {...blockProps(block, { groups: [] })} />));
    expect(empty.getByText('No Data Found').tagName).toBe('P');
    expect(empty.getByText('We are sorry, but we could not find any data.').tagName).toBe('P');
  });
});
