/**
 * The kitchen estimator end to end, at a phone width (summary as a sticky bar) and a desktop
 * width (summary as a sidebar): the sections walked with Next, the range following each answer,
 * the popup group, the PDF estimate (read back with poppler's pdftotext and pdfinfo), the send
 * (the stored row and the shop's e-mail carry the server's figures; the shopper's e-mail carries
 * the same estimate as a PDF), and Reset; Print/download stays disabled while nothing is chosen.
 */
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseMail } from '../../server/testing/mime.ts';
import { hydrated, settled, watchErrors, scrolledToAndLive } from './support/page-helpers.ts';

const REQUIRED = 'This field is required';
const SHOP = 'orders@hearthlinecabinetry.com';
const ZERO = '$0.00 - $0.00';
// The answers below, priced by site-config/data/estimator-pricing.json (worked out by hand).
const FINAL = { product: '$16,140.00 - $28,960.00', labor: '$7,470.00 - $13,450.00', total: '$23,610.00 - $42,410.00' };

const unique = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
const decodeQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The raw messages delivered to an address. */
function rawMailsTo(address: string): string[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir).flatMap((f) => {
    try {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string[]; raw: string };
      return m.to.includes(address) ? [m.raw] : [];
    } catch {
      return []; // being written: read on the next poll
    }
  });
}

const mailsTo = (address: string): string[] => rawMailsTo(address).map(decodeQp);

/** A PDF's text as poppler's pdftotext lays it out. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

/** The figures of an estimate PDF: from its Breakdown heading to the end, spacing aside. */
const figures = (text: string) => text.slice(text.indexOf('Breakdown')).replace(/\s+/g, ' ').trim();

function storedRow(email: string): { data: string; estimate: string | null } | undefined {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'joinery.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select data, estimate from form_submissions where form_name = 'estimator' and json_extract(data, '$.email') = ?`,
      )
      .get(email) as { data: string; estimate: string | null } | undefined;
  } finally {
    db.close();
  }
}

const cents = (range: string) => range.split(' - ').map((s) => Math.round(Number(s.replace(/[$,]/g, '')) * 100));

function today() {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return {
    us: `${p(d.getMonth() + 1)}/${p(d.getDate())}/${d.getFullYear()}`,
    iso: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`,
  };
}

async function open(page: Page): Promise<Locator> {
  await page.goto('/estimator');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Your kitchen estimate' });
  await scrolledToAndLive(page, form); // a form's island starts as it nears the viewport
  await expect(form).toHaveAttribute('data-ready', '');
  return form;
}

for (const width of [375, 1280]) {
  test.describe(`estimator at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 900 }, acceptDownloads: true });

    test('walks the sections, follows the range, downloads the PDF, sends, and resets', async ({ page }) => {
      test.slow(); // a whole journey: sections, a PDF, a send and its 5-second message
      const errors = watchErrors(page);
      const form = await open(page);
      const summary = page.locator('[data-estimate-summary]');
      const figure = (key: 'product' | 'labor' | 'total') => summary.locator(`[data-total="${key}"] dd`);
      const header = (name: string) => form.getByRole('button', { name: new RegExp(`^${name}`) });
      const panel = (name: string) => form.getByRole('region', { name });
      const next = (name: string) => panel(name).getByRole('button', { name: 'Next' });
      const expectOpen = async (name: string) => {
        await expect(header(name)).toHaveAttribute('aria-expanded', 'true');
        await expect(panel(name)).toBeVisible();
      };

      const pdfButton = summary.getByRole('button', { name: 'Print/download' });
      await expect(summary.getByRole('heading', { name: 'Your estimate' })).toBeVisible();
      await expect(figure('total')).toHaveText(ZERO);
      await expect(pdfButton).toBeDisabled(); // nothing chosen: no $0.00 estimate
      await expectOpen('Project and room');
      await expect(header('Cabinet line and style')).toHaveAttribute('aria-expanded', 'false');

      // An empty required field keeps the section open, with its message.
      await next('Project and room').click();
      await expectOpen('Project and room');
      await expect(panel('Project and room').getByText(REQUIRED).first()).toBeVisible();
      await expect(form.getByRole('radio', { name: /^New build/ })).toBeFocused();
      await expect(header('Cabinet line and style')).toHaveAttribute('aria-expanded', 'false');

      // Section 1, with the range following each answer.
      await form.getByRole('radio', { name: /^Remodel/ }).check();
      await expect(figure('product')).toHaveText('$250.00 - $600.00');
      await expect(figure('labor')).toHaveText('$900.00 - $1,800.00');
      await expect(figure('total')).toHaveText('$1,150.00 - $2,400.00');
      await form.getByRole('radio', { name: /^Medium/ }).check();
      await expect(figure('total')).toHaveText('$8,050.00 - $12,700.00');
      await next('Project and room').click();
      await expectOpen('Cabinet line and style');
      await expect(header('Project and room')).toHaveAttribute('aria-expanded', 'false');

      // Section 2.
      await form.getByRole('radio', { name: /^Semi-custom/ }).check();
      await form.getByLabel(/^Door style/).selectOption('shaker');
      await form.getByLabel(/^Finish/).selectOption('painted');
      await expect(figure('total')).toHaveText('$10,850.00 - $18,200.00');
      await next('Cabinet line and style').click();

      // Section 3.
      await expectOpen('Cabinet count and layout');
      await form.getByRole('radio', { name: 'L-shape' }).check();
      await form.getByLabel(/^How many cabinets\?/).selectOption('16-25');
      await form.getByRole('checkbox', { name: 'Add a kitchen island' }).check();
      await expect(figure('total')).toHaveText('$16,150.00 - $28,600.00');
      await next('Cabinet count and layout').click();

      // Section 4: hidden fields (hideWhen) never count.
      await expectOpen('Countertops');
      await form.getByLabel(/^Countertop material/).selectOption('quartz');
      await form.getByRole('radio', { name: 'Ogee' }).check();
      await form.getByRole('checkbox', { name: 'Matching backsplash' }).check();
      await expect(figure('total')).toHaveText('$21,400.00 - $38,220.00');
      await form.getByLabel(/^Countertop material/).selectOption('none');
      await expect(form.getByRole('radio', { name: 'Ogee' })).toHaveCount(0);
      await expect(form.getByRole('checkbox', { name: 'Matching backsplash' })).toHaveCount(0);
      await expect(figure('total')).toHaveText('$16,150.00 - $28,600.00');
      await form.getByLabel(/^Countertop material/).selectOption('quartz');
      await expect(form.getByRole('radio', { name: 'Ogee' })).not.toBeChecked();
      await form.getByRole('radio', { name: 'Eased' }).check();
      await expect(figure('total')).toHaveText('$20,050.00 - $35,400.00');
      await next('Countertops').click();

      // Section 5: the add-ons are checkboxes, each ticked one counted.
      await expectOpen('Hardware and add-ons');
      await form.getByRole('radio', { name: 'Pulls', exact: true }).check();
      const addOns = form.getByRole('group', { name: /^Add-ons/ });
      await expect(addOns.getByRole('checkbox')).toHaveCount(6);
      await expect(form.getByRole('listbox', { name: /^Add-ons/ })).toHaveCount(0);
      await addOns.getByRole('checkbox', { name: 'Premium Blum hinges and drawer runners' }).check();
      await addOns.getByRole('checkbox', { name: 'Pull-out trash bin' }).check();
      await next('Hardware and add-ons').click();

      // Section 6, then Next opens the popup group.
      await expectOpen('Installation');
      await form.getByRole('radio', { name: /^Professional installation/ }).check();
      await form.getByRole('checkbox', { name: 'Remove and dispose of the old cabinets' }).check();
      await expect(figure('product')).toHaveText(FINAL.product);
      await expect(figure('labor')).toHaveText(FINAL.labor);
      await expect(figure('total')).toHaveText(FINAL.total);
      await next('Installation').click();
      const dialog = page.getByRole('dialog', { name: 'Contact details' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel(/^First name/)).toBeFocused();

      // The popup's send with empty fields: it stays open, with the messages.
      await dialog.getByRole('button', { name: 'Send my estimate' }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(REQUIRED).first()).toBeVisible();
      const email = unique('estimate');
      await dialog.getByLabel(/^First name/).fill('Jane');
      await dialog.getByLabel(/^Last name/).fill('Whitfield');
      await dialog.getByLabel(/^Email/).fill(email);
      await dialog.getByLabel(/^Phone/).fill('6145550143');
      await dialog.getByLabel(/^Anything else/).fill('Corner pantry wanted');

      // The PDF, from the summary (behind the modal popup, so close it first).
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      const screen = {
        product: await figure('product').textContent(),
        labor: await figure('labor').textContent(),
        total: await figure('total').textContent(),
      };
      expect(screen).toEqual(FINAL);
      const [download] = await Promise.all([page.waitForEvent('download'), pdfButton.click()]);
      const day = today();
      expect(download.suggestedFilename()).toBe(`estimate-${day.iso}.pdf`);
      await expect(summary.getByRole('status')).toHaveText('PDF downloaded successfully');
      const file = join(mkdtempSync(join(tmpdir(), 'joinery-pdf-')), download.suggestedFilename());
      await download.saveAs(file);
      expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Page size:\s+595\.2\d x 841\.8\d pts \(A4\)/);
      const text = pdfText(file);
      expect(text).toContain(`Date: ${day.us}`);
      expect(text).toContain('This estimate is valid for 30 days from the date of generation.');
      for (const [label, value] of [
        ['Product', FINAL.product],
        ['Labor', FINAL.labor],
        ['Grand total', FINAL.total],
      ])
        expect(text).toMatch(new RegExp(`${label}\\s+${value.replace(/[$.]/g, '\\$&')}`));
      expect(text).toMatch(/Kitchen layout\s+L-shape/);
      expect(text).toContain('Whitfield');
      expect(text).toContain('Corner pantry wanted');
      expect(text).not.toContain(email); // hideInPDF
      expect(text).not.toContain('6145550143'); // hideInPDF
      expect(text).not.toContain('Ogee'); // a hidden-then-cleared answer

      // Send: the server stores its own figures and mails the shop.
      await header('Contact details').click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Send my estimate' }).click();
      const sent = form.getByText('Email sent successfully');
      await expect(sent).toBeVisible();
      await expect(figure('total')).toHaveText(ZERO);
      await expect(pdfButton).toBeDisabled(); // the reset after a send leaves nothing to print
      await expectOpen('Project and room');
      await expect(form.getByRole('radio', { name: /^Remodel/ })).not.toBeChecked();

      const row = storedRow(email);
      expect(row).toBeTruthy();
      const stored = JSON.parse(row!.estimate!) as {
        product: { min: number; max: number };
        labor: { min: number; max: number };
        total: { min: number; max: number };
      };
      expect([stored.product.min, stored.product.max]).toEqual(cents(FINAL.product));
      expect([stored.labor.min, stored.labor.max]).toEqual(cents(FINAL.labor));
      expect([stored.total.min, stored.total.max]).toEqual(cents(FINAL.total));
      let mail: string | undefined;
      await expect.poll(() => (mail = mailsTo(SHOP).find((m) => m.includes(email))), { timeout: 15_000 }).toBeTruthy();
      expect(mail).toContain('Subject: New kitchen estimate from Jane Whitfield');
      expect(mail).toContain(`\nReply-To: ${email}`);
      expect(mail).toContain(`Grand total: ${FINAL.total}`);

      // The shopper's own copy: the estimate on screen, as a PDF drawn by the server; nothing typed.
      await expect.poll(() => rawMailsTo(email).length, { timeout: 15_000 }).toBe(1);
      const own = parseMail(rawMailsTo(email)[0]!);
      expect(own.subject).toBe('Your Hearthline Cabinetry kitchen estimate');
      expect(own.text).toContain(`Grand total: ${FINAL.total}`);
      expect(own.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`estimate-${day.iso}.pdf`, 'application/pdf'],
      ]);
      const mailedFile = join(mkdtempSync(join(tmpdir(), 'joinery-pdf-')), 'mailed.pdf');
      writeFileSync(mailedFile, own.attachments[0]!.content);
      const mailed = pdfText(mailedFile);
      expect(mailed).toContain(`Date: ${day.us}`);
      expect(figures(mailed)).toBe(figures(text)); // every line and total as downloaded from the screen
      expect(mailed).toMatch(/Kitchen layout\s+L-shape/);
      for (const typed of ['Jane', 'Whitfield', 'Corner pantry wanted', '6145550143', email])
        expect([own.text, own.html, mailed].filter((body) => body.includes(typed))).toEqual([]);

      await expect(sent).toBeHidden({ timeout: 10_000 }); // the message goes after 5 seconds

      // Reset clears the answers and reopens the first section.
      await form.getByRole('radio', { name: /^Refresh/ }).check();
      await expect(figure('total')).toHaveText('$300.00 - $700.00');
      await next('Project and room').click(); // kitchen size is missing: stays
      await expectOpen('Project and room');
      await header('Countertops').click();
      await expectOpen('Countertops');
      await expect(pdfButton).toBeEnabled();
      await summary.getByRole('button', { name: 'Reset' }).click();
      await expect(figure('total')).toHaveText(ZERO);
      await expect(pdfButton).toBeDisabled();
      await expectOpen('Project and room');
      await expect(header('Countertops')).toHaveAttribute('aria-expanded', 'false');
      await expect(form.getByRole('radio', { name: /^Refresh/ })).not.toBeChecked();
      expect(errors).toEqual([]);
    });

    test('axe finds nothing on /estimator, with a section and the popup open', async ({ page }) => {
      const form = await open(page);
      await settled(page);
      const axe = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect((await axe()).violations).toEqual([]);
      await form.getByRole('button', { name: /^Contact details/ }).click();
      await expect(page.getByRole('dialog', { name: 'Contact details' })).toBeVisible();
      expect((await axe()).violations).toEqual([]);
    });
  });
}

test('the estimator page loads no jsPDF until the PDF is asked for', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const form = await open(page);
  await settled(page); // every block that loads without being scrolled to has loaded
  expect(scripts.some((u) => /jspdf/i.test(u))).toBe(false);
  await form.getByRole('radio', { name: /^Remodel/ }).check(); // something to print
  expect(scripts.some((u) => /jspdf/i.test(u))).toBe(false);
  await page.route(/jspdf/i, (route) => route.abort());
  await page.locator('[data-estimate-summary]').getByRole('button', { name: 'Print/download' }).click();
  await expect(page.locator('[data-estimate-summary]').getByRole('status')).toHaveText('PDF library not found');
  expect(scripts.some((u) => /jspdf/i.test(u))).toBe(true);
});

test('send failures: "Submission failed" on a network error, "Failed to send email" when the answer is not a success', async ({
  page,
}) => {
  const form = await open(page);
  const next = (name: string) => form.getByRole('region', { name }).getByRole('button', { name: 'Next' });
  await form.getByRole('radio', { name: /^Refresh/ }).check();
  await form.getByRole('radio', { name: /^Small/ }).check();
  await next('Project and room').click();
  await form.getByRole('radio', { name: /^Ready to assemble/ }).check();
  await form.getByLabel(/^Door style/).selectOption('slab');
  await form.getByLabel(/^Finish/).selectOption('stained');
  await next('Cabinet line and style').click();
  await form.getByRole('radio', { name: 'Galley' }).check();
  await form.getByLabel(/^How many cabinets\?/).selectOption('up-to-15');
  await next('Cabinet count and layout').click();
  await form.getByLabel(/^Countertop material/).selectOption('laminate');
  await next('Countertops').click();
  await next('Hardware and add-ons').click();
  await form.getByRole('radio', { name: /^I will install/ }).check();
  await next('Installation').click();
  const dialog = page.getByRole('dialog', { name: 'Contact details' });
  await dialog.getByLabel(/^First name/).fill('Sam');
  await dialog.getByLabel(/^Last name/).fill('Okafor');
  await dialog.getByLabel(/^Email/).fill(unique('failure'));

  await page.route('**/api/forms/estimator', (route) => route.abort('connectionrefused'));
  await dialog.getByRole('button', { name: 'Send my estimate' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Submission failed');
  await expect(dialog.getByLabel(/^First name/)).toHaveValue('Sam'); // nothing lost: send again

  await page.unroute('**/api/forms/estimator');
  await page.route('**/api/forms/estimator', (route) =>
    route.fulfill({ status: 503, json: { success: false, message: 'Mail server down' } }),
  );
  await dialog.getByRole('button', { name: 'Send my estimate' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to send email');
});
