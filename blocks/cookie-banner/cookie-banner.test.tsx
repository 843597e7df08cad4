// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PageContext } from '../../engine/render/context.ts';
import { renderBlock, testSite } from '../../engine/testing/render-block.tsx';
import { islandPage } from '../../engine/render/islands-data.ts';
import type { PageData } from '../../engine/types.ts';
import type { CookieBannerProps } from '../../schemas/types/blocks/cookie-banner.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

  it('is an island started when the browser is idle', () => {
    expect(block.island).toBe('idle');
  });

});

describe('cookie-banner in the browser, with the page data an island has (no head, no regions)', () => {
  const site = { ...testSite, integrations: { tagManagerId: 'GTM-TEST1' } };
  // As the islands' runtime gets it: islandPage() of the page's data.
  const page = (tagManager: boolean) => islandPage({ path: '/blogs', route: '/blogs', status: 200, breadcrumbs: [], regions: [], blockTypes: [], site, head: { title: 'Blog', description: '', canonical: '', meta: [], jsonLd: [], tagManager } } as unknown as PageData);
  const Banner = block.component;
  let root: Root | undefined;
  let box: HTMLElement | undefined;
  afterEach(() => {
    if (root) act(() => root!.unmount());
    box?.remove();
    root = box = undefined;
  });

  async function hydrate(props: CookieBannerProps, tagManager: boolean) {
    const ui = (
      <PageContext.Provider value={page(tagManager)}>
        <Banner {...props} />
      </PageContext.Provider>
    );
    box = document.createElement('div');
    box.innerHTML = renderToString(ui);
    document.body.append(box);
    await act(async () => {
      root = hydrateRoot(box!, ui);
    });
  }
  const tagManagerScripts = () => document.head.querySelectorAll('script[src*="googletagmanager.com/gtm.js?id=GTM-TEST1"]').length;

  it('with consent, loads the tag manager only where the route allows it', async () => {
    document.cookie = 'cookie_consent=accepted; Path=/';
    await hydrate(example.props, false);
    expect(box!.querySelector('section')).toBeNull(); // a choice is stored: no bar
    expect(tagManagerScripts()).toBe(0);
    act(() => root!.unmount());
    root = undefined;
    await hydrate(example.props, true);
    expect(tagManagerScripts()).toBe(1);
  });
});
