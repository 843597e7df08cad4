// @vitest-environment happy-dom
/**
 * The desktop menu's island: hover with an intent delay (fake timers), a click on a panel the
 * mouse opened, closing on an outside click, on the focus leaving and on Escape. The browser
 * test (tests/e2e/foundation.spec.ts) runs the same in Chromium.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageContext, testPage } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import type { MenuItem } from '../../schemas/types/blocks/site-header.ts';
import { CLOSE_MS, OPEN_MS, start } from './client.ts';
import { DesktopMenu } from './desktop-menu.tsx';
import example from './example.json' with { type: 'json' };

const items = example.props.items as MenuItem[];

describe('the desktop menu island', () => {
  let box: HTMLElement;
  const panel = (label: string) =>
    [...box.querySelectorAll('details')].find((d) => d.querySelector('summary')?.textContent === label)!;
  const item = (label: string) => panel(label).parentElement!;
  const mouse = (el: Element, type: 'pointerenter' | 'pointerleave', pointerType = 'mouse') =>
    el.dispatchEvent(new PointerEvent(type, { pointerType }));

  beforeEach(() => {
    vi.useFakeTimers();
    box = document.createElement('div');
    box.innerHTML = renderToString(
      <PageContext.Provider value={testPage('/')}>
        <DesktopMenu items={items} overviewText="View all {label}" label="Main" />
      </PageContext.Provider>,
    );
    document.body.append(box, Object.assign(document.createElement('button'), { textContent: 'Elsewhere' }));
    void start(box, {}, {} as PageData);
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('opens a panel once the mouse has rested on its item; a mouse passing over opens nothing', () => {
    const mega = panel('Kitchen Cabinets');
    mouse(item('Kitchen Cabinets'), 'pointerenter');
    vi.advanceTimersByTime(OPEN_MS - 1);
    expect(mega.open).toBe(false);
    mouse(item('Kitchen Cabinets'), 'pointerleave');
    vi.advanceTimersByTime(OPEN_MS * 4);
    expect(mega.open).toBe(false);
    mouse(item('Kitchen Cabinets'), 'pointerenter');
    vi.advanceTimersByTime(OPEN_MS);
    expect(mega.open).toBe(true);
  });

  it('closes it once the mouse has left for a moment; coming back in time keeps it', () => {
    const mega = panel('Kitchen Cabinets');
    mouse(item('Kitchen Cabinets'), 'pointerenter');
    vi.advanceTimersByTime(OPEN_MS);
    mouse(item('Kitchen Cabinets'), 'pointerleave');
    vi.advanceTimersByTime(CLOSE_MS - 1);
    mouse(item('Kitchen Cabinets'), 'pointerenter');
    vi.advanceTimersByTime(CLOSE_MS * 4);
    expect(mega.open).toBe(true);
    mouse(item('Kitchen Cabinets'), 'pointerleave');
    vi.advanceTimersByTime(CLOSE_MS);
    expect(mega.open).toBe(false);
  });

  it('leaves touch to the summary: a touch opens nothing by itself, a tap toggles', () => {
    const drop = panel('Countertops');
    mouse(item('Countertops'), 'pointerenter', 'touch');
    vi.advanceTimersByTime(OPEN_MS * 4);
    expect(drop.open).toBe(false);
    drop.querySelector('summary')!.click();
    expect(drop.open).toBe(true);
    mouse(item('Countertops'), 'pointerleave', 'touch');
    vi.advanceTimersByTime(CLOSE_MS * 4);
    expect(drop.open).toBe(true);
    drop.querySelector('summary')!.click();
    expect(drop.open).toBe(false);
  });

  it('keeps open a panel the mouse opened when its summary is clicked; the next click closes it', () => {
    const drop = panel('Countertops');
    mouse(item('Countertops'), 'pointerenter');
    vi.advanceTimersByTime(OPEN_MS);
    drop.querySelector('summary')!.click();
    expect(drop.open).toBe(true);
    drop.querySelector('summary')!.click();
    expect(drop.open).toBe(false);
    // A click before the rest is over opens it at once, and the timer does not undo that.
    mouse(item('Countertops'), 'pointerenter');
    drop.querySelector('summary')!.click();
    vi.advanceTimersByTime(OPEN_MS * 4);
    expect(drop.open).toBe(true);
  });

  it('closes on a click outside it, not on one inside it', () => {
    const drop = panel('Countertops');
    drop.querySelector('summary')!.click();
    drop.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(drop.open).toBe(true);
    document.querySelector<HTMLButtonElement>('body > button')!.click();
    expect(drop.open).toBe(false);
  });

  it('closes when the focus moves to a control outside it', () => {
    const drop = panel('Countertops');
    drop.querySelector('summary')!.click();
    const link = drop.querySelector('a')!;
    link.focus();
    link.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: drop.querySelector('summary') }));
    expect(drop.open).toBe(true);
    const other = document.querySelector<HTMLButtonElement>('body > button')!;
    link.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: other }));
    expect(drop.open).toBe(false);
  });

  it('closes on Escape, the focus back on its summary; one the mouse opened too', () => {
    const drop = panel('Countertops');
    const summary = drop.querySelector('summary')!;
    summary.click();
    drop.querySelector('a')!.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(drop.open).toBe(false);
    expect(document.activeElement).toBe(summary);
    summary.blur();
    mouse(item('Kitchen Cabinets'), 'pointerenter');
    vi.advanceTimersByTime(OPEN_MS);
    expect(panel('Kitchen Cabinets').open).toBe(true);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(panel('Kitchen Cabinets').open).toBe(false);
  });
});
