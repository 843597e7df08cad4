/**
 * Content blocks end to end: sliders, the zoom lightbox, the FAQ accordion, truncation toggles,
 * scroll-to-top, the catalogue menu, the chat alert, video cards, third-party widgets, the
 * structured data of the content pages, and axe (WCAG 2.1 A/AA) at 375 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { hydrated, jsonLd, scrolledToAndLive, settled } from './support/page-helpers.ts';

/** A stored cookie choice keeps the cookie banner out of the way of the widgets under test. */
async function dismissCookieBanner(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'cookie_consent', value: 'rejected', url: baseURL! }]);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.beforeEach(async ({ context, baseURL }) => dismissCookieBanner(context, baseURL));

  test('banner slider: arrows, dots and arrow keys move the slides; hidden slides are inert', async ({ page }) => {
    await open(page, '/');
    const banner = page.getByRole('region', { name: 'Featured kitchens' });
    const first = banner.getByRole('heading', { name: 'Solid-wood kitchen cabinets, delivered to your door' });
    const second = banner.getByRole('heading', { name: 'Meet Hudson Sage' });
    await expect(first).toBeInViewport();
    await expect(second).not.toBeInViewport();
    // Slides out of view are inert: their links cannot take focus.
    const slide2 = banner.getByRole('group', { name: '2 of 3', includeHidden: true });
    await expect(slide2).toHaveAttribute('inert', '');
    const galleryLink = slide2.getByRole('link', { name: 'See the Hudson Sage gallery', includeHidden: true });
    await galleryLink.evaluate((a: HTMLElement) => a.focus());
    await expect(galleryLink).not.toBeFocused();

    await banner.getByRole('button', { name: 'Next slide' }).click();
    await expect(second).toBeInViewport();
    await expect(first).not.toBeInViewport();
    await expect(banner.getByRole('button', { name: 'Go to slide 2', includeHidden: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(slide2).not.toHaveAttribute('inert');
    await expect(banner.getByRole('group', { name: '1 of 3', includeHidden: true })).toHaveAttribute('inert', '');
    await expect(galleryLink).toBeVisible();

    await page.keyboard.press('ArrowRight'); // focus is on the Next button, inside the carousel
    await expect(banner.getByRole('heading', { name: 'Your kitchen, planned cabinet by cabinet' })).toBeInViewport();
    await page.keyboard.press('ArrowRight'); // wraps around
    await expect(first).toBeInViewport();
    await banner.getByRole('button', { name: 'Previous slide' }).click();
    await expect(banner.getByRole('button', { name: 'Go to slide 3', includeHidden: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // Dots are for phones (under 767 px) only.
    await expect(banner.getByRole('button', { name: 'Go to slide 1', includeHidden: true })).toBeHidden();
  });

  test('card slider is a grid above 768 px: every card shows, no slider controls', async ({ page }) => {
    await open(page, '/');
    const slider = page.getByRole('region', { name: 'How buying from Hearthline works' });
    for (const title of [
      'Measure your kitchen',
      'Get a free 3D design',
      'See the colour at home',
      'Order and we deliver',
    ])
      await expect(slider.getByRole('heading', { name: title })).toBeVisible();
    await expect(slider.getByRole('button', { name: 'Next slide' })).toBeHidden();
  });

  test('lightbox: opens by click or Enter, zooms to at most 2x, arrows move, Tab stays inside, Escape closes and returns focus', async ({
    page,
  }) => {
    await open(page, '/inspiration-gallery/shaker-green');
    const opener = page.getByRole('button', { name: /^Enlarge image: Hudson Sage wall and base cabinets/ });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName(/^Image 1 of 4: Hudson Sage perimeter cabinets/);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    const zoom = dialog.locator('output');
    const image = dialog.getByRole('img');
    await expect(zoom).toHaveText('100%');
    await page.keyboard.press('+');
    await expect(zoom).toHaveText('150%');
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom).toHaveText('200%');
    await page.keyboard.press('+');
    await expect(zoom).toHaveText('200%'); // the maximum ratio is 2
    await expect(dialog.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await expect(image).toHaveAttribute('data-zoom', '2');
    const [imgWidth, stageWidth] = await image.evaluate((el) => [
      el.getBoundingClientRect().width,
      el.parentElement!.clientWidth,
    ]);
    expect(imgWidth / stageWidth).toBeCloseTo(2, 1);
    await page.keyboard.press('-');
    await expect(zoom).toHaveText('150%');

    await page.keyboard.press('ArrowRight');
    await expect(dialog).toHaveAccessibleName(/^Image 2 of 4: /);
    await expect(zoom).toHaveText('100%'); // a new image starts unzoomed
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft'); // wraps to the last
    await expect(dialog).toHaveAccessibleName(/^Image 4 of 4: The Hudson Sage door up close/);

    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // Focus returns to the gallery, on the image the visitor ended on.
    await expect(page.getByRole('button', { name: /^Enlarge image: A Hudson Sage shaker door/ })).toBeFocused();

    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveAccessibleName(/^Image 1 of 4/);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(opener).toBeFocused();
  });

  test('FAQ accordion: one item open at a time, clicking the open one closes it, keyboard works', async ({ page }) => {
    await open(page, '/faqs');
    const group = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Ordering and delivery' }) });
    const q1 = group.locator('details').filter({ hasText: 'How long does delivery take?' });
    const q2 = group.locator('details').filter({ hasText: 'Do you ship outside the United States?' });
    const a1 = q1.getByText('RTA cabinets ship in 5 to 7 business days');
    await expect(a1).toBeHidden();
    await q1.locator('summary').click();
    await expect(a1).toBeVisible();
    await q2.locator('summary').click();
    await expect(q2.getByText('We ship to addresses in the continental United States only.')).toBeVisible();
    await expect(a1).toBeHidden(); // opening another closed the first
    await q2.locator('summary').click();
    await expect(q2).not.toHaveAttribute('open');
    await expect(q1).not.toHaveAttribute('open');
    await q1.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(a1).toBeVisible();
    await page.keyboard.press('Space');
    await expect(a1).toBeHidden();
  });

  test('FAQ pages carry FAQPage structured data of every question they show', async ({ page }) => {
    for (const path of ['/faqs', '/kitchen-finance-options']) {
      await page.goto(path);
      const shown = await page.locator('main details summary').allTextContents();
      const faq = (await jsonLd(page)).find((j) => j['@type'] === 'FAQPage');
      expect(faq, path).toBeTruthy();
      expect(faq!.mainEntity.map((q: { name: string }) => q.name)).toEqual(shown);
      for (const q of faq!.mainEntity) expect(q.acceptedAnswer.text.length).toBeGreaterThan(10);
    }
  });

  test('media block: Read more shows the whole description, Show less cuts it again', async ({ page }) => {
    await open(page, '/');
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: '3/4 inch plywood boxes' }) });
    const ending = 'which is why we use nothing else.';
    // What the shopper sees (innerText): the whole description is in the page, its end hidden
    // until asked for, by a <details>' summary that needs no script.
    await expect(item).not.toContainText(ending, { useInnerText: true });
    const toggle = item.locator('details > summary');
    await expect(toggle).toHaveText('Read more', { useInnerText: true });
    await toggle.click();
    await expect(item).toContainText(ending, { useInnerText: true });
    await expect(toggle).toHaveText('Show less', { useInnerText: true });
    await expect(item.locator('details')).toHaveAttribute('open', '');
    await toggle.click();
    await expect(item).not.toContainText(ending, { useInnerText: true });
    await expect(toggle).toHaveText('Read more', { useInnerText: true });
  });

  test('scroll-to-top appears after 200 px of scrolling and goes back to the top', async ({ page }) => {
    await open(page, '/');
    await settled(page); // the button's block loads at idle time
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForFunction(() => window.scrollY === 150);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect(button).toBeVisible();
    await button.click();
    await page.waitForFunction(() => window.scrollY < 1);
    await expect(button).toBeHidden();
  });

  test('download catalog: several entries are a keyboard menu of PDF links; one entry is a plain link', async ({
    page,
    request,
  }) => {
    await open(page, '/products');
    const button = page.getByRole('button', { name: 'Download Catalog' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const menu = page.getByRole('menu', { name: 'Download Catalog' });
    await expect(menu).toBeVisible();
    const items = menu.getByRole('menuitem');
    await expect(items).toHaveText([
      'Kitchen Cabinet Catalog 2025 (PDF, 3 KB)',
      'Bathroom Vanity Catalog 2025 (PDF, 2 KB)',
    ]);
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowDown'); // wraps
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('ArrowUp'); // opens on the last item
    await expect(items.nth(1)).toBeFocused();
    await page.mouse.click(5, 5); // a click elsewhere closes it
    await expect(menu).toBeHidden();

    for (const href of await items.evaluateAll((els) => els.map((e) => e.getAttribute('href')!))) {
      const pdf = await request.get(href);
      expect(pdf.status()).toBe(200);
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }

    await open(page, '/kitchen-installation');
    const single = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: "Every cabinet's size, for your installer" }) });
    await expect(single.getByRole('link', { name: 'Kitchen Cabinet Catalog 2025 (PDF)' })).toHaveAttribute(
      'href',
      '/images/catalogs/hearthline-kitchen-catalog-2025.pdf',
    );
    await expect(single.getByRole('button')).toHaveCount(0);
  });

  test('advice chat: online badge, and the chat button says it is under development', async ({ page }) => {
    await open(page, '/faqs');
    const chat = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Talk to a kitchen expert' }) });
    await expect(chat.getByText('Online', { exact: true })).toBeVisible();
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    const button = chat.getByRole('button', { name: 'Chat with an expert' });
    await scrolledToAndLive(page, button);
    await button.click();
    await expect.poll(() => alerts).toEqual(['alert: This is Under Development!']);
  });

  test('video cards: the player loads only on play (youtube-nocookie); VideoObject data is complete', async ({
    page,
  }) => {
    await page.route(/youtube-nocookie\.com|ytimg\.com/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    await open(page, '/kitchen-installation');
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.getByRole('button', { name: 'Play video: How to install wall cabinets' }).click();
    const player = page.locator('iframe[title="How to install wall cabinets"]');
    await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/hLc7WallCab?autoplay=1&rel=0');
    // Keyboard focus is on the player. Not toBeFocused(): that also needs the page's
    // document.hasFocus(), which Chromium reports false once focus has moved into the
    // cross-origin player's own process (measured: about 1 run in 4).
    await expect.poll(() => player.evaluate((el) => el === document.activeElement)).toBe(true);

    const videos = (await jsonLd(page)).filter((j) => j['@type'] === 'VideoObject');
    expect(videos.map((v) => v.name)).toEqual([
      'How to install wall cabinets',
      'Setting and levelling base cabinets',
      'Assembling an RTA base cabinet',
      'Adjusting soft-close hinges and drawer fronts',
    ]);
    for (const v of videos) {
      expect(v.description.length).toBeGreaterThan(20);
      expect(v.uploadDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/); // with its time zone
      expect(v.thumbnailUrl[0]).toMatch(
        /^https:\/\/i\.ytimg\.com\/vi\/hLc7\w+\/(maxresdefault|hqdefault|mqdefault|default)\.jpg$/,
      );
      expect(v.embedUrl).toMatch(/^https:\/\/www\.youtube\.com\/embed\/hLc7\w+$/);
    }
  });

  test('scheduling widget: with marketing cookies allowed, its script loads after hydration into a 700 px area, with a loader for 1200 ms', async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'cookie_consent', value: 'marketing', url: baseURL! }]);
    const requested: string[] = [];
    await page.route('https://assets.calendly.com/**', (route) => {
      requested.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: `for (const el of document.querySelectorAll('.calendly-inline-widget')) { const f = document.createElement('iframe'); f.title = 'Booking calendar'; f.src = 'about:blank'; el.appendChild(f); }`,
      });
    });
    const raw = await (await page.request.get('/book-appointment')).text();
    expect(raw).toContain('Loading the calendar…'); // in the prerendered page, before any script
    expect(raw).not.toMatch(/<script[^>]*calendly/);
    const t0 = new Date('2025-06-02T10:00:00Z');
    await page.clock.install({ time: t0 });
    await page.clock.pauseAt(new Date(t0.getTime() + 1000)); // time moves only when the test says so
    await page.goto('/book-appointment');
    // Frames come only as the paused clock moves, and the boot script starts hydrating two frames
    // after the first screen is painted: the clock moves in 20 ms steps until the page is live
    // (the loader's 1200 ms start then, so at most a step or two of them have passed).
    const live = async () => {
      await page.clock.runFor(20);
      return page.evaluate(
        () =>
          !!document
            .querySelector('.calendly-inline-widget')
            ?.closest('[data-jv-island]')
            ?.hasAttribute('data-jv-live'),
      );
    };
    await expect.poll(live, { message: "the widget's island is live", timeout: 15_000, intervals: [0] }).toBe(true);
    await expect(page.locator('iframe[title="Booking calendar"]')).toBeAttached();
    expect(requested).toEqual(['https://assets.calendly.com/assets/external/widget.js']);
    expect(await page.locator('.calendly-inline-widget').evaluate((el) => el.getBoundingClientRect().height)).toBe(700);
    const loader = page.getByRole('status').filter({ hasText: 'Loading the calendar…' });
    await page.clock.runFor(1100);
    await expect(loader).toBeVisible();
    await page.clock.runFor(200);
    await expect(loader).toBeHidden();
    await expect(page.getByRole('link', { name: /Open the booking calendar/ })).toHaveAttribute(
      'href',
      'https://calendly.com/hearthline-cabinetry/kitchen-design-call',
    );
  });

  test('third-party widgets that cannot load say so, and keep their way out', async ({ page, baseURL }) => {
    // The calendar is a third party's: it tries to load only with marketing cookies allowed.
    await page.context().addCookies([{ name: 'cookie_consent', value: 'marketing', url: baseURL! }]);
    await page.route('https://assets.calendly.com/**', (route) => route.abort());
    await open(page, '/book-appointment');
    await scrolledToAndLive(page, page.locator('.calendly-inline-widget'));
    await expect(
      page.getByRole('alert').filter({ hasText: 'The booking calendar could not load here.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Open the booking calendar/ })).toBeVisible();

    await page.route('https://www.roomvo.com/**', (route) => route.fulfill({ status: 404, body: '' }));
    await open(page, '/visualizer');
    const widget = page.getByRole('region', { name: /^Room visualizer/ });
    await scrolledToAndLive(page, widget);
    await expect(widget.getByRole('alert')).toHaveText(
      'The room visualizer could not load right now. Compare the finishes above, or order sample doors to see them at home.',
    );
    await expect(widget.getByText('Loading...')).toHaveCount(0);
  });

  test('embedded script widget shows Loading... until its script has loaded', async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('https://www.roomvo.com/**', async (route) => {
      await gate;
      await route.fulfill({
        contentType: 'text/javascript',
        body: `document.getElementById('roomvo-visualizer').insertAdjacentHTML('beforeend', '<p>Widget ready</p>');`,
      });
    });
    await open(page, '/visualizer');
    const widget = page.getByRole('region', { name: /^Room visualizer/ });
    await expect(widget.getByText('Loading...')).toBeVisible();
    await scrolledToAndLive(page, widget);
    await expect(widget.getByText('Loading...')).toBeVisible();
    release();
    await expect(widget.getByText('Widget ready')).toBeVisible();
    await expect(widget.getByText('Loading...')).toHaveCount(0);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test.beforeEach(async ({ context, baseURL }) => dismissCookieBanner(context, baseURL));

  test('card slider works below 768 px: one card at a time, arrows and dots (under 480 px)', async ({ page }) => {
    await open(page, '/');
    const slider = page.getByRole('region', { name: 'How buying from Hearthline works' });
    await slider.scrollIntoViewIfNeeded();
    const measure = slider.getByRole('heading', { name: 'Measure your kitchen' });
    const design = slider.getByRole('heading', { name: 'Get a free 3D design' });
    await expect(measure).toBeInViewport();
    await expect(design).not.toBeInViewport();
    await scrolledToAndLive(page, slider);
    await slider.getByRole('button', { name: 'Next slide' }).click();
    await expect(design).toBeInViewport();
    await expect(measure).not.toBeInViewport();
    await slider.getByRole('button', { name: 'Go to slide 4' }).click();
    await expect(slider.getByRole('heading', { name: 'Order and we deliver' })).toBeInViewport();
  });

  test('banner dots show on phones and move the slides', async ({ page }) => {
    await open(page, '/');
    const banner = page.getByRole('region', { name: 'Featured kitchens' });
    await banner.getByRole('button', { name: 'Go to slide 3' }).click();
    await expect(banner.getByRole('heading', { name: 'Your kitchen, planned cabinet by cabinet' })).toBeInViewport();
  });

  test('images reserve their space: width and height on every image, lazy below the fold, no layout shift', async ({
    page,
  }) => {
    for (const path of ['/', '/inspiration-gallery/shaker-green']) {
      // Shifts of the page's own content: only elements inside <main> moving (when a header
      // changes height it moves <main> itself with everything in it; that is the header's).
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Shift[]) {
            const main = document.querySelector('main');
            const nodes = e.sources.map((s) => s.node).filter((n): n is Node => !!n);
            const ownContent = nodes.length > 0 && nodes.every((n) => n !== main && !!main?.contains(n));
            if (!e.hadRecentInput && ownContent) w.__cls += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await open(page, path);
      await settled(page);
      const images = await page.locator('main img').evaluateAll((els) =>
        els.map((e) => ({
          src: e.getAttribute('src'),
          w: e.getAttribute('width'),
          h: e.getAttribute('height'),
          loading: e.getAttribute('loading'),
          top: e.getBoundingClientRect().top + window.scrollY,
        })),
      );
      expect(images.length).toBeGreaterThan(5);
      for (const i of images) {
        expect(i.w, `${path} ${i.src}`).toMatch(/^\d+$/);
        expect(i.h, `${path} ${i.src}`).toMatch(/^\d+$/);
        if (i.top > 1600) expect(i.loading, `${path} ${i.src}`).toBe('lazy');
      }
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // The blocks scrolled to have hydrated, and every image now in view has arrived (lazy ones
      // included); then two frames, so the shifts they caused are reported.
      await settled(page);
      const inViewNotLoaded = () =>
        page.locator('main img').evaluateAll((els) =>
          (els as HTMLImageElement[])
            .filter((i) => {
              const r = i.getBoundingClientRect();
              return r.bottom > 0 && r.top < innerHeight && r.width > 0 && !i.complete;
            })
            .map((i) => i.getAttribute('src')),
        );
      await expect.poll(inViewNotLoaded, { message: `${path}: images in view still loading` }).toEqual([]);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls), path).toBeLessThan(0.02);
    }
  });
});

test.describe('with the cookie banner showing', () => {
  test.use({ viewport: { width: 375, height: 800 }, storageState: { cookies: [], origins: [] } });
  test('scroll-to-top sits above the banner, so it can still be used', async ({ page }) => {
    await open(page, '/faqs');
    await settled(page); // the banner and the button (load: idle) hydrated
    const banner = page.getByRole('region', { name: 'We value your privacy' });
    await expect(banner).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 400));
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await expect(button).toBeVisible();
    const [b, bar] = await Promise.all([button.boundingBox(), banner.boundingBox()]);
    expect(b!.y + b!.height).toBeLessThanOrEqual(bar!.y);
    await button.click(); // fails if the banner were on top of it
    await page.waitForFunction(() => window.scrollY < 1);
  });
});

for (const width of [375, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of ['/', '/inspiration-gallery/shaker-green', '/faqs', '/kitchen-installation']) {
      test(`${path} has no WCAG 2.1 A/AA violations`, async ({ page }) => {
        await open(page, path);
        await settled(page);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }))).toEqual(
          [],
        );
      });
    }
  });
}
