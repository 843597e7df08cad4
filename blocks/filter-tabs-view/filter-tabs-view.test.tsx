import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { screenOf } from '../../engine/testing/index.ts';
import type { FilterTabsViewProps } from '../../schemas/types/blocks/filter-tabs-view.ts';
import example from './example.json' with { type: 'json' };
import block, { blockElement, siblingAt } from './index.tsx';
import styles from './filter-tabs-view.module.css';

const View = block.component;
const props = example.props as FilterTabsViewProps;

/** The module's rules as the browser gets them: local names as the test's import names them, :global() unwrapped. */
const css = readFileSync(join(import.meta.dirname, 'filter-tabs-view.module.css'), 'utf8')
  .replace(/:global\(([^)]+)\)/g, '$1')
  .replace(/\.tabs\b/g, `.${styles.tabs}`);

describe('filter-tabs-view', () => {
  it('starts in the browser as an island when it comes near the viewport', () => {
    expect(block.island).toEqual({ start: 'visible', code: 'component' });
  });

  it('hides the slot blocks of the other tabs with data-hide, and draws only the panels of tabs without a slot', () => {
    const screen = screenOf(renderToString(<View {...props} />));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Specifications',
      'FAQ',
      'Videos',
      'Samples',
    ]);
    // Specifications (slot 1) is selected and shown; Samples (slot 2) is hidden.
    expect(screen.container.querySelector('section')!.getAttribute('data-hide')).toBe('2');
    expect(screen.getAllByRole('tabpanel', { hidden: true })).toHaveLength(2);
  });

  it('finds the block it stands for through the wrappers that hold only it, and its following blocks', () => {
    const screen = screenOf(
      '<main><div class="jv-vis" id="island"><section id="tabs"></section></div><section id="a"></section><div class="jv-vis" id="b"><section></section></div></main>',
    );
    const section = screen.container.querySelector<HTMLElement>('#tabs')!;
    const self = blockElement(section);
    expect(self.id).toBe('island');
    expect([siblingAt(self, 1)?.id, siblingAt(self, 2)?.id, siblingAt(self, 3)]).toEqual(['a', 'b', null]);
    // A block not in a wrapper of its own stands for itself.
    expect(blockElement(screen.container.querySelector<HTMLElement>('#a')!).id).toBe('a');
  });

  it('hides with CSS the blocks data-hide names, whether the tabs sit in an island wrapper or not', () => {
    const tabs = (hide: string) => `<section class="${styles.tabs}" data-hide="${hide}"></section>`;
    const after = '<section id="one"></section><div class="jv-vis" id="two"></div><section id="three"></section>';
    // (Inside a visibility wrapper too, by a two-step :has() argument that happy-dom does not evaluate.)
    for (const html of [`${tabs('2')}${after}`, `<div class="jv-vis">${tabs('2')}</div>${after}`]) {
      const screen = screenOf(`<style>${css}</style><main>${html}</main>`);
      const shown = (id: string) =>
        screen.container.ownerDocument.defaultView!.getComputedStyle(screen.container.querySelector(`#${id}`)!)
          .display !== 'none';
      expect([shown('one'), shown('two'), shown('three')], html).toEqual([true, false, true]);
    }
  });
});
