import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blockProps, screenOf, type WrittenProps, PageContext, RegistryContext } from '../../engine/testing/index.ts';
import type { BlockNode, PageData } from '../../engine/index.ts';
import { blockLoaders } from '../index.ts';
import type { FilterTabsProps } from '../../schemas/types/blocks/filter-tabs.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { slotOffsets } from './slots.ts';

const FilterTabs = block.component;
const props = example.props as FilterTabsProps;
// The island that runs the tabs, rendered by filter-tabs through the registry.
const registry = { 'filter-tabs-view': (await blockLoaders['filter-tabs-view']()).default };

function pageWith(blocks: BlockNode[]): PageData {
  return {
    path: '/p',
    route: '/p',
    status: 200,
    head: { title: '', description: '', canonical: '', meta: [], jsonLd: [], tagManager: false },
    breadcrumbs: [],
    regions: [{ name: 'main', tag: 'main', blocks }],
    blockTypes: [],
    site: {
      name: 'S',
      origin: 'https://shop.test',
      language: 'en',
      currency: 'USD',
      breakpoints: { tablet: 768, desktop: 1201 },
      integrations: {},
    },
  };
}
const node = (type: string, p: object = {}, key = type): BlockNode => ({
  key,
  type,
  props: p as Record<string, unknown>,
});

function render(p: WrittenProps<FilterTabsProps>, blocks: BlockNode[]) {
  return screenOf(
    renderToString(
      <RegistryContext.Provider value={{ registry, dev: false }}>
        <PageContext.Provider value={pageWith(blocks)}>
          <FilterTabs {...blockProps(block, p)} />
        </PageContext.Provider>
      </RegistryContext.Provider>,
    ),
  );
}

describe('filter-tabs', () => {
  const following = [
    node('heading'),
    node('filter-tabs', props),
    node('spec-view'),
    node('sample-list'),
    node('cta-band'),
  ];

  it('finds the slot blocks that directly follow it, in any order', () => {
    expect(slotOffsets(pageWith(following).regions, props.tabs)).toEqual([1, undefined, undefined, 2]);
    const swapped = [node('filter-tabs', props), node('sample-list'), node('spec-view')];
    expect(slotOffsets(pageWith(swapped).regions, props.tabs)).toEqual([2, undefined, undefined, 1]);
    // a slot block that is not directly after the tabs (another block in between) is not taken
    const apart = [node('filter-tabs', props), node('cta-band'), node('spec-view')];
    expect(slotOffsets(pageWith(apart).regions, props.tabs)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('renders ARIA tabs with the first selected, and hides the other slot panels with CSS', () => {
    const screen = render(props, following);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Specifications', 'FAQ', 'Videos', 'Samples']);
    expect(screen.getAllByRole('tab', { selected: true })).toEqual([tabs[0]]);
    expect(screen.getByRole('tablist', { name: 'Product details' }).getAttribute('aria-orientation')).toBe(
      'horizontal',
    );
    // Specifications (slot 1) is shown; Samples (slot 2) is hidden until its tab is chosen
    expect(screen.container.querySelector('section[data-hide]')?.getAttribute('data-hide')).toBe('2');
  });

  it('draws FAQ and video panels itself, hidden until chosen', () => {
    const screen = render(props, following);
    expect(screen.queryAllByRole('tabpanel')).toEqual([]);
    const panels = screen.getAllByRole('tabpanel', { hidden: true });
    expect(panels).toHaveLength(2);
    expect(panels.every((p) => p.hasAttribute('hidden'))).toBe(true);
    expect(screen.getByText(props.tabs[1]!.faqs![0]!.question).tagName).toBe('SUMMARY');
    expect(screen.getByLabelText(`Play video: ${props.tabs[2]!.videos![0]!.title}`).tagName).toBe('BUTTON');
  });

  it('says No Data Found for a tab without content or without its slot block', () => {
    const tabs: FilterTabsProps['tabs'] = [
      { label: 'Videos', videos: [] },
      { label: 'Samples', slot: 'sample-list' },
    ];
    const screen = render({ tabs, layout: 'filter-tabs-v2' }, [node('filter-tabs', { tabs })]);
    expect(screen.getAllByText('No Data Found')).toHaveLength(2);
    expect(screen.getAllByText('We are sorry, but we could not find any data.').length).toBeGreaterThan(0);
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    expect(screen.container.querySelector('[data-hide]')).toBeNull();
  });
});
