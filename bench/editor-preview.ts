/**
 * The visual editor's keystroke-to-preview time: `joinery dev` on a copy of the shop's content,
 * the editor on /about-us, the banner selected, then one character typed at a time into its
 * title. Each figure runs from the keydown (its event time in the editor) to the mutation that
 * shows the new title in the preview frame (clock times of the two documents, made comparable
 * by performance.timeOrigin). Run alone: node --import tsx bench/editor-preview.ts.
 */
import { fmt, median } from './lib.ts';
import { devServerOnCopy } from './dev-server.ts';

const KEYS = 20;

export async function measureEditorPreview(log: (s: string) => void = () => {}): Promise<number[]> {
  const { base, browser, close } = await devServerOnCopy('/__joinery/api/routes');
  try {
    log('editor bench: joinery dev is up; opening the editor (the first load compiles every block)');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/__joinery/edit?route=/about-us`);
    const frame = page.frameLocator('iframe[title="Page preview"]');
    await frame.locator('html[data-jv-all-blocks]').waitFor({ state: 'attached', timeout: 300_000 });
    await page.getByRole('list', { name: 'main blocks' }).getByRole('button').first().click();
    const title = page.getByRole('group', { name: 'Props', exact: true }).getByRole('textbox', { name: /^Title\*?$/ });
    await title.click();
    await page.keyboard.press('End');
    // Strings, not functions: tsx would name the functions with a helper the page does not have.
    await page.evaluate(
      "document.addEventListener('keydown', (e) => { window.jvKeydown = performance.timeOrigin + e.timeStamp; }, true)",
    );
    const preview = (await (await page.$('iframe[title="Page preview"]'))!.contentFrame())!;
    const times: number[] = [];
    for (let i = 0; i < KEYS; i++) {
      const expected = JSON.stringify(`About Hearthline Cabinetry${'x'.repeat(i + 1)}`);
      const seen = preview.evaluate<number>(`new Promise((resolve) => {
        let observer;
        const done = () => {
          if (document.querySelector('h1')?.textContent !== ${expected}) return false;
          observer?.disconnect();
          resolve(performance.timeOrigin + performance.now());
          return true;
        };
        if (!done()) {
          observer = new MutationObserver(done);
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        }
      })`);
      await page.keyboard.press('x');
      const shown = await seen;
      const keydown = await page.evaluate<number>('window.jvKeydown');
      times.push(shown - keydown);
    }
    return times;
  } finally {
    await close();
  }
}

export function editorPreviewLine(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const p90 = sorted[Math.ceil(sorted.length * 0.9) - 1]!;
  return `Editor, keystroke to preview update (${times.length} keys): median ${fmt(median(times))} ms, p90 ${fmt(p90)} ms`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(editorPreviewLine(await measureEditorPreview((s) => process.stderr.write(`${s}\n`))));
}
