import { defineConfig } from '@playwright/test';
import shop from '../../playwright.config.ts';

/**
 * Every block example rendered, compared and checked (`npm run test:blocks`; `-- --update`
 * accepts a visual change): the end-to-end tests' browser, on the block examples' site.
 * Baselines are Debian's Chromium's (its headless build, as CI runs): a diff shows in
 * test-results/blocks/ as expected, actual and diff images.
 */
export default defineConfig({
  ...shop,
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  outputDir: '../../test-results/blocks',
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  // CI never writes a baseline: a block without one fails there, as a changed one does.
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  expect: {
    ...shop.expect,
    // Anti-aliasing only: a colour channel may differ a little on a few pixels, never a layout.
    toHaveScreenshot: { threshold: 0.2, maxDiffPixels: 0, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  reporter: [['list']],
  // A first visit: no cookie choice made, so the cookie banner's example shows itself.
  use: { ...shop.use, storageState: undefined },
});
