import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';
import { hidesSome, visibleItems } from './menu-items.ts';

describe('menu items and platforms', () => {
  const menu: MenuItem[] = [
    { label: 'Kitchens', url: '/k', devices: ['mobile'], children: [{ label: 'Visualizer', url: '/v', devices: ['browser'] }] },
    { label: 'More', columns: [{ title: 'TV', items: [{ label: 'On TV', url: '/tv', devices: ['smartTV'] }] }] },
  ];
  it('tells whether a platform leaves an item out, at any depth (children, mega-menu columns)', () => {
    expect(hidesSome(menu, 'browser')).toBe(true); // the smartTV item in a column
    expect(hidesSome(menu, 'smartTV')).toBe(true); // the browser-only child
    expect(hidesSome([menu[0]!], 'browser')).toBe(false); // nothing to hide: no second render after hydration
    expect(hidesSome(undefined, 'browser')).toBe(false);
  });
  it('items for the other platform are left out once the platform is known, all shown before', () => {
    expect(visibleItems(menu[1]!.columns![0]!.items, null).map((i) => i.label)).toEqual(['On TV']);
    expect(visibleItems(menu[1]!.columns![0]!.items, 'browser')).toEqual([]);
  });
});
