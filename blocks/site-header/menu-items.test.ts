import { describe, expect, it } from 'vitest';
import { currentAttr, deviceClass } from './menu-items.ts';

describe('menu items', () => {
  it('hide an item on the sizes and platforms its devices leave out', () => {
    expect(deviceClass({ label: 'Call us', devices: ['mobile'] })).toBe('jv-hide-tablet jv-hide-desktop');
    expect(deviceClass({ label: 'Visualizer', devices: ['browser'] })).toBe('jv-hide-smartTV');
    expect(deviceClass({ label: 'On TV', devices: ['desktop', 'smartTV'] })).toBe(
      'jv-hide-mobile jv-hide-tablet jv-hide-browser',
    );
    expect(deviceClass({ label: 'Everywhere' })).toBe('');
  });

  it('mark a link to the page shown, trailing slashes aside', () => {
    expect(currentAttr('/contact', '/contact/')).toBe('page');
    expect(currentAttr('/', '/')).toBe('page');
    expect(currentAttr('/contact', '/')).toBeUndefined();
    expect(currentAttr(undefined, '/')).toBeUndefined();
  });
});
