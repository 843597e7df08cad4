import { describe, expect, it } from 'vitest';
import { SMART_TV } from './smart-tv.ts';
import { visibilityClasses, visibilityCss } from './visibility.ts';

describe('device visibility', () => {
  it('hides sizes that are not listed, through classes and media queries', () => {
    expect(visibilityClasses(['mobile', 'tablet'])).toBe('jv-hide-desktop');
    expect(visibilityClasses(['desktop', 'smartTV'])).toBe('jv-hide-mobile jv-hide-tablet jv-hide-browser');
    expect(visibilityClasses(['browser'])).toBe('jv-hide-smartTV');
    expect(visibilityClasses(['mobile', 'tablet', 'desktop', 'browser', 'smartTV'])).toBe('');
    expect(visibilityClasses(undefined)).toBe('');
    const css = visibilityCss({ tablet: 768, desktop: 1201 });
    expect(css).toContain('@media (max-width:767.98px){.jv-hide-mobile{display:none!important}}');
    expect(css).toContain('@media (min-width:768px) and (max-width:1200.98px){.jv-hide-tablet');
    expect(css).toContain('@media (min-width:1201px){.jv-hide-desktop');
    // Platforms: a page is a browser's until the boot script marks a smart TV.
    expect(css).toContain('html:not(.jv-tv) .jv-hide-browser,html.jv-tv .jv-hide-smartTV{display:none!important}');
  });

  it('tells smart TVs from browsers by user agent (the boot script marks <html> with it)', () => {
    expect(SMART_TV.test('Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36')).toBe(true);
    expect(SMART_TV.test('Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36')).toBe(true);
    expect(SMART_TV.test('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36')).toBe(false);
  });
});
