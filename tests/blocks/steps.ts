/**
 * An island's main interaction, by keyboard: the steps in `<example>.steps.json` beside its
 * example (blocks/<type>/example.steps.json). Each step is one of
 *   { "tab": TARGET }   Tab (Shift+Tab with "back": true) until an element TARGET names has the focus (at most 40),
 *                       then wait for its island to be live
 *   { "press": "Enter" } a key (Playwright's names: "Space", "ArrowRight", "Escape", ...)
 *   { "type": "shaker" } text typed into the focused field
 *   { "width": 390 }    the window resized to this width (an interaction a narrow screen has)
 *   { "see": TARGET }   TARGET is visible (with "text": its text contains it; "value": a field's value is
 *                       it; "attr": { "aria-current": "true" }: it has these attributes)
 *   { "gone": TARGET }  TARGET is hidden or absent
 *   { "alert": "..." }  an alert with this text was shown (the shopper dismissed it)
 *   { "url": "/x?q=1" } the address bar shows this path and query
 * where TARGET is { "role": "button", "name": "Next slide" } (and, as Playwright's getByRole
 * takes them, "expanded", "pressed", "selected", "checked", "disabled", "level") or
 * { "text": "Thanks" } ("exact": true for the whole text).
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import type { BlockExample } from '../../cli/blocks.ts';
import { blockHydrated } from '../e2e/support/page-helpers.ts';

type RoleOptions = NonNullable<Parameters<Page['getByRole']>[1]>;
type Target =
  | ({ role: Parameters<Page['getByRole']>[0]; name?: string } & Pick<
      RoleOptions,
      'expanded' | 'pressed' | 'selected' | 'checked' | 'disabled' | 'level'
    >)
  | { text: string; exact?: boolean };
export type Step =
  | { tab: Target; back?: boolean }
  | { press: string }
  | { type: string }
  | { width: number }
  | { see: Target; text?: string; value?: string; attr?: Record<string, string> }
  | { gone: Target }
  | { alert: string }
  | { url: string };

export function exampleSteps(e: BlockExample): Step[] | undefined {
  const file = e.file.replace(/\.json$/, '.steps.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Step[]) : undefined;
}

const locate = (page: Page, t: Target): Locator => {
  if ('text' in t) return page.getByText(t.text, { exact: t.exact });
  const { role, ...options } = t;
  return page.getByRole(role, options);
};

export async function runSteps(page: Page, steps: Step[]) {
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  await page.locator('body').focus();
  for (const step of steps) {
    if ('tab' in step) {
      // Any element TARGET names will do (a menu's label may also be a link elsewhere on the page).
      const target = locate(page, step.tab);
      let focused = false;
      for (let i = 0; i < 40 && !focused; i++) {
        await page.keyboard.press(step.back ? 'Shift+Tab' : 'Tab');
        focused = await target.evaluateAll((els) => els.some((el) => el === document.activeElement));
      }
      expect(focused, `Tab reaches ${JSON.stringify(step.tab)}`).toBe(true);
      await blockHydrated(page, page.locator(':focus'));
    } else if ('press' in step) await page.keyboard.press(step.press);
    else if ('type' in step) await page.keyboard.type(step.type);
    else if ('width' in step) await page.setViewportSize({ width: step.width, height: page.viewportSize()!.height });
    else if ('see' in step) {
      const target = locate(page, step.see).filter({ visible: true }).first();
      await expect(target).toBeVisible();
      if (step.text) await expect(target).toContainText(step.text);
      if (step.value !== undefined) await expect(target).toHaveValue(step.value);
      for (const [name, value] of Object.entries(step.attr ?? {})) await expect(target).toHaveAttribute(name, value);
    } else if ('gone' in step) await expect(locate(page, step.gone)).toHaveCount(0);
    else if ('alert' in step) await expect.poll(() => alerts, 'an alert shown').toContain(step.alert);
    else
      await expect
        .poll(() => {
          const { pathname, search } = new URL(page.url());
          return pathname + search;
        }, 'the address bar')
        .toBe(step.url);
  }
}
