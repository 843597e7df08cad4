/**
 * An island's main interaction, by keyboard: the steps in `<example>.steps.json` beside its
 * example (blocks/<type>/example.steps.json). Each step is one of
 *   { "tab": TARGET }   Tab (Shift+Tab with "back": true) until TARGET has the focus (at most 40 presses),
 *                       then wait for its island to be live
 *   { "press": "Enter" } a key (Playwright's names: "Space", "ArrowRight", "Escape", ...)
 *   { "see": TARGET }   TARGET is visible (with "text": its text contains it)
 *   { "gone": TARGET }  TARGET is hidden or absent
 * where TARGET is { "role": "button", "name": "Next slide" } or { "text": "Thanks" }.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import type { BlockExample } from '../../cli/blocks.ts';
import { blockHydrated } from '../e2e/support/page-helpers.ts';

type Target = { role: Parameters<Page['getByRole']>[0]; name?: string } | { text: string };
export type Step =
  | { tab: Target; back?: boolean }
  | { press: string }
  | { see: Target; text?: string }
  | { gone: Target };

export function exampleSteps(e: BlockExample): Step[] | undefined {
  const file = e.file.replace(/\.json$/, '.steps.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Step[]) : undefined;
}

const locate = (page: Page, t: Target): Locator =>
  'text' in t ? page.getByText(t.text) : page.getByRole(t.role, t.name ? { name: t.name } : {});

export async function runSteps(page: Page, steps: Step[]) {
  await page.locator('body').focus();
  for (const step of steps) {
    if ('tab' in step) {
      const target = locate(page, step.tab).first();
      let focused = false;
      for (let i = 0; i < 40 && !focused; i++) {
        await page.keyboard.press(step.back ? 'Shift+Tab' : 'Tab');
        focused = await target.evaluate((el) => el === document.activeElement).catch(() => false);
      }
      expect(focused, `Tab reaches ${JSON.stringify(step.tab)}`).toBe(true);
      await blockHydrated(page, target);
    } else if ('press' in step) await page.keyboard.press(step.press);
    else if ('see' in step) {
      const target = locate(page, step.see).first();
      await expect(target).toBeVisible();
      if (step.text) await expect(target).toContainText(step.text);
    } else await expect(locate(page, step.gone)).toHaveCount(0);
  }
}
