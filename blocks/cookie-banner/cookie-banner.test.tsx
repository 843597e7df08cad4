import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('cookie-banner', () => {
  it('is prerendered hidden, for the boot script to show without a consent cookie; its buttons work before hydration', () => {
    const html = renderBlock(block, example.props);
    expect(html).toMatch(/^<section [^>]*hidden=""/);
    expect(html).toContain('data-jv-unless-cookie="cookie_consent=accepted cookie_consent=rejected"');
    expect(html).not.toContain('data-jv-live');
    expect(html).toContain(`data-jv-set-cookie="cookie_consent=accepted; Max-Age=${180 * 86400}; Path=/; SameSite=Lax"`);
    expect(html).toContain('data-jv-set-cookie="cookie_consent=rejected; Max-Age=');
    expect(html).toContain('data-jv-alert="Cookie preferences are not available yet.');
    expect(html).toContain(example.props.text);
  });
});
