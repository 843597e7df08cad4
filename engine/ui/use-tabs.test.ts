import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from './use-tabs.ts';

describe('tab keys', () => {
  it('move to the next and previous tab, wrapping, and to the first and last', () => {
    expect(tabKeyTarget('ArrowRight', 0, 4)).toBe(1);
    expect(tabKeyTarget('ArrowDown', 3, 4)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 4)).toBe(3);
    expect(tabKeyTarget('ArrowUp', 2, 4)).toBe(1);
    expect(tabKeyTarget('Home', 2, 4)).toBe(0);
    expect(tabKeyTarget('End', 0, 4)).toBe(3);
  });

  it('leave other keys (Tab, Enter, letters) to the browser', () => {
    for (const key of ['Tab', 'Enter', ' ', 'a']) expect(tabKeyTarget(key, 1, 4)).toBeUndefined();
    expect(tabKeyTarget('ArrowRight', 0, 0)).toBeUndefined();
  });
});
