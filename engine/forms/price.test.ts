import { describe, expect, it } from 'vitest';
import { compileForm } from './compile.ts';
import { estimateDocument } from './estimate-document.ts';
import { computeEstimate, formatMoney, formatRange, type Pricing } from './price.ts';
import { fieldsUpTo, firstSectionWith, sectionsOf } from './sections.ts';

const estimator = compileForm({
  name: 'estimator',
  title: 'Kitchen estimate',
  fields: [
    {
      name: 'cabinets',
      type: 'group',
      label: 'Cabinets',
      layout: 'accordion',
      fields: [
        {
          name: 'style',
          type: 'radio',
          label: 'Style',
          required: true,
          useInCalculation: true,
          options: [
            { value: 'shaker', label: 'Shaker' },
            { value: 'slab', label: 'Slab' },
          ],
        },
        {
          name: 'extras',
          type: 'select',
          label: 'Extras',
          multiSelect: true,
          useInCalculation: true,
          options: [
            { value: 'island', label: 'Island' },
            { value: 'pantry', label: 'Pantry' },
            { value: 'bench', label: 'Window bench' },
          ],
        },
        {
          name: 'crown',
          type: 'checkbox',
          label: 'Crown molding',
          useInCalculation: true,
          hideWhen: { field: 'style', equals: 'slab' },
        },
      ],
    },
    {
      name: 'contact',
      type: 'group',
      label: 'Contact',
      layout: 'popup',
      fields: [
        { name: 'email', type: 'email', label: 'Email', required: true, hideInPDF: true },
        { name: 'notes', type: 'text', label: 'Notes', useInCalculation: false },
      ],
    },
  ],
});

const pricing: Pricing = {
  style: {
    shaker: { price: { min: 4000.1, max: 6000.2 }, labor: { min: 1000, max: 1500 } },
    slab: { price: { min: 3000, max: 5000 }, labor: { min: 800, max: 1200 } },
  },
  extras: {
    island: { price: { min: 1200.005, max: 2500 }, labor: { min: 300, max: 500 } },
    pantry: { price: { min: 800, max: 1200 }, labor: { min: 200, max: 400 } },
  },
  crown: { true: { price: { min: 150, max: 300 }, labor: { min: 50, max: 100 } } },
  notes: { x: { price: { min: 999, max: 999 }, labor: { min: 0, max: 0 } } },
};

describe('computeEstimate', () => {
  it('adds every chosen option of a multi-select and a checked box, in integer cents', () => {
    const e = computeEstimate(estimator, { style: 'shaker', extras: ['island', 'pantry'], crown: true }, pricing);
    expect(e.rows.map((r) => [r.field, r.value])).toEqual([
      ['style', 'Shaker'],
      ['extras', 'Island'],
      ['extras', 'Pantry'],
      ['crown', 'Yes'],
    ]);
    expect(e.rows[1]!.product).toEqual({ min: 120001, max: 250000 }); // 1200.005 rounds half up
    expect(e.product).toEqual({ min: 615011, max: 1000020 });
    expect(e.labor).toEqual({ min: 155000, max: 250000 });
    expect(e.total).toEqual({ min: 770011, max: 1250020 });
  });

  it('counts nothing for a field hidden by hideWhen, even with a value', () => {
    const e = computeEstimate(estimator, { style: 'slab', crown: true }, pricing);
    expect(e.rows.map((r) => r.field)).toEqual(['style']);
    expect(e.total).toEqual({ min: 380000, max: 620000 });
  });

  it('counts nothing for unpriced options, fields without useInCalculation, unknown fields or no answer', () => {
    const e = computeEstimate(
      estimator,
      { style: 'shaker', extras: ['bench', 'toString'], notes: 'x', other: 'island' },
      pricing,
    );
    expect(e.rows.map((r) => r.field)).toEqual(['style']);
    expect(computeEstimate(estimator, {}, pricing).total).toEqual({ min: 0, max: 0 });
  });
});

describe('money', () => {
  it('shows "$min - $max" with exactly two decimals, or the priceTemplate', () => {
    expect(formatRange({ min: 380000, max: 1250020 })).toBe('$3,800.00 - $12,500.20');
    expect(formatRange({ min: 0, max: 50 })).toBe('$0.00 - $0.50');
    expect(formatRange({ min: 100, max: 200 }, 'from {min} to {max}')).toBe('from $1.00 to $2.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
  });
});

describe('sections', () => {
  const sections = sectionsOf(estimator);
  it('are the top-level accordion and popup groups', () => {
    expect(sections.map((s) => [s.name, s.layout, s.fields])).toEqual([
      ['cabinets', 'accordion', ['style', 'extras', 'crown']],
      ['contact', 'popup', ['email', 'notes']],
    ]);
    expect(fieldsUpTo(sections, 0)).toEqual(['style', 'extras', 'crown']);
    expect(fieldsUpTo(sections, 1)).toHaveLength(5);
    expect(firstSectionWith(sections, ['email', 'style'])).toBe(0);
    expect(firstSectionWith(sections, ['nothing'])).toBe(-1);
  });
});

describe('estimateDocument', () => {
  it('dates the estimate, names the file and leaves out hidden and hideInPDF answers', () => {
    const values = { style: 'slab', extras: ['island'], crown: true, email: 'a@example.com', notes: 'Corner sink' };
    const doc = estimateDocument(
      estimator,
      values,
      computeEstimate(estimator, values, pricing),
      new Date(2026, 0, 5, 23, 30),
    );
    expect(doc.date).toBe('01/05/2026');
    expect(doc.fileName).toBe('estimate-2026-01-05.pdf');
    expect(doc.validity).toBe('This estimate is valid for 30 days from the date of generation.');
    expect(doc.details).toEqual([
      { label: 'Style', value: 'Slab' },
      { label: 'Extras', value: 'Island' },
      { label: 'Notes', value: 'Corner sink' },
    ]);
    expect(doc.breakdown).toEqual([
      { label: 'Style', value: 'Slab', product: '$3,000.00 - $5,000.00', labor: '$800.00 - $1,200.00' },
      { label: 'Extras', value: 'Island', product: '$1,200.01 - $2,500.00', labor: '$300.00 - $500.00' },
    ]);
    expect(doc.totals).toEqual([
      { label: 'Product', value: '$4,200.01 - $7,500.00' },
      { label: 'Labor', value: '$1,100.00 - $1,700.00' },
      { label: 'Grand total', value: '$5,300.01 - $9,200.00' },
    ]);
  });
});
