/**
 * WAI-ARIA tabs (automatic activation): one tab in the tab order, arrow keys move and select
 * (Left/Up previous, Right/Down next, wrapping; Home and End), each tab controls its panel.
 * Returns prop getters, so a block lays the tabs and panels out as it likes.
 */
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';

/** The tab index an arrow, Home or End key leads to from `current`, or undefined for other keys. */
export function tabKeyTarget(key: string, current: number, count: number): number | undefined {
  if (count < 1) return undefined;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

export interface TabsState {
  selected: number;
  select(i: number): void;
  /** Id of tab i's panel (for a panel rendered elsewhere). */
  panelId(i: number): string;
  tabId(i: number): string;
  tabProps(i: number): {
    id: string;
    role: 'tab';
    type: 'button';
    'aria-selected': boolean;
    'aria-controls': string;
    tabIndex: number;
    onClick(): void;
    onKeyDown(e: KeyboardEvent<HTMLElement>): void;
    ref(el: HTMLElement | null): void;
  };
  panelProps(i: number): { id: string; role: 'tabpanel'; 'aria-labelledby': string; hidden: boolean; tabIndex: number };
}

export function useTabs(count: number, initial = 0): TabsState {
  const base = useId();
  const [raw, setSelected] = useState(initial);
  const selected = Math.min(Math.max(0, raw), Math.max(0, count - 1));
  const refs = useRef<(HTMLElement | null)[]>([]);
  const tabId = useCallback((i: number) => `${base}tab-${i}`, [base]);
  const panelId = useCallback((i: number) => `${base}panel-${i}`, [base]);
  return {
    selected,
    select: setSelected,
    tabId,
    panelId,
    tabProps: (i) => ({
      id: tabId(i),
      role: 'tab',
      type: 'button',
      'aria-selected': i === selected,
      'aria-controls': panelId(i),
      tabIndex: i === selected ? 0 : -1,
      onClick: () => setSelected(i),
      onKeyDown: (e) => {
        const to = tabKeyTarget(e.key, i, count);
        if (to === undefined) return;
        e.preventDefault();
        setSelected(to);
        refs.current[to]?.focus();
      },
      ref: (el) => {
        refs.current[i] = el;
      },
    }),
    panelProps: (i) => ({
      id: panelId(i),
      role: 'tabpanel',
      'aria-labelledby': tabId(i),
      hidden: i !== selected,
      tabIndex: 0,
    }),
  };
}
