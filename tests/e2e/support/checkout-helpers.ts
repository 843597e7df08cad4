/**
 * What the payment end-to-end specs share: the sample they buy, the checkout form a shopper fills,
 * the stored rows and delivered e-mails they read back, and the recorder proving no request to our
 * /api/ carries card data.
 */
import Database from 'better-sqlite3';
import { expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hydrated, scrolledToAndLive } from './page-helpers.ts';

export const CWSBV = '/products/bathroom-vanities/rta-bathroom-vanities/cwsbv';
export const CG_CHIP = 'Calacatta Gold quartz top sample';
export const NEXT_YEAR = String(new Date().getFullYear() + 1);
export const unique = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
export const byLabel = (page: Page, label: string) => page.locator('form').getByLabel(new RegExp(`^${label}( \\*)?$`));
export const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' });
export const formAlert = (page: Page) => page.locator('form').getByRole('alert').filter({ hasText: /./ });

/** Reads the shop's SQLite file (read-only) as the test server left it. */
export function query<T>(sql: string, ...args: unknown[]): T[] {
  const conn = new Database(join(process.env.E2E_DATA_DIR!, 'joinery.db'), { readonly: true, fileMustExist: true });
  try {
    return conn.prepare(sql).all(...args) as T[];
  } finally {
    conn.close();
  }
}
export const orders = (email: string) =>
  query<{ id: number; order_increment_id: string; status: string; total_cents: number }>(
    'SELECT id, order_increment_id, status, total_cents FROM orders WHERE email = ? ORDER BY id',
    email,
  );
export const outbox = (orderId: number) =>
  query<{ kind: string }>(
    "SELECT kind FROM email_outbox WHERE ref_type = 'order' AND ref_id = ? ORDER BY kind",
    String(orderId),
  ).map((m) => m.kind);

/** Subjects of the e-mails the loopback SMTP server received about an order. */
export function mailsAbout(orderNumber: string): string[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir).flatMap((f) => {
    try {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { raw: string };
      const subject = /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '';
      return subject.endsWith(`#${orderNumber}`) ? [subject] : [];
    } catch {
      return [];
    }
  });
}

/** Every request the page makes to our /api/ (URL and body), the statuses it got back, and both as lines ("PATCH /api/order 200"). */
export function recordApi(page: Page) {
  const requests: { url: string; body: string }[] = [];
  const statuses: number[] = [];
  const log: string[] = [];
  const ours = (url: string) => {
    const u = new URL(url);
    return u.origin === new URL(process.env.E2E_BASE_URL!).origin && u.pathname.startsWith('/api/');
  };
  page.on('request', (r) => {
    if (ours(r.url())) requests.push({ url: r.url(), body: r.postData() ?? '' });
  });
  page.on('response', (r) => {
    if (!ours(r.url())) return;
    statuses.push(r.status());
    log.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  });
  page.on('requestfailed', (r) => {
    if (ours(r.url())) log.push(`${r.method()} ${new URL(r.url()).pathname} failed: ${r.failure()?.errorText}`);
  });
  return { requests, statuses, log };
}

/**
 * The form's message is `text`. When it is not, the failure also says what the page showed
 * instead (its address, the fields in error, the button, the status line), the /api/ calls it
 * made and its errors: a failure seen once in a full run must explain itself from the log alone.
 */
export async function expectFormAlert(
  page: Page,
  text: string,
  api: { log: string[] },
  o: { timeout?: number; errors?: string[] } = {},
) {
  try {
    await expect(formAlert(page)).toHaveText(text, { timeout: o.timeout });
  } catch (e) {
    const shown = await page
      .evaluate(() => {
        const form = document.querySelector('form');
        const descriptionOf = (el: Element) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
            .trim();
        return {
          url: location.pathname,
          alerts: [...(form?.querySelectorAll('[role=alert]') ?? [])].map((a) => a.textContent),
          status: [...(form?.querySelectorAll('[role=status]') ?? [])].map((a) => a.textContent),
          fieldErrors: [...(form?.querySelectorAll('[aria-invalid=true]') ?? [])].map(
            (f) => `${f.getAttribute('name') ?? f.id}: ${descriptionOf(f)}`,
          ),
          button: [...(form?.querySelectorAll('button[type=submit]') ?? [])].map(
            (b) => `${b.textContent}${(b as HTMLButtonElement).disabled ? ' (disabled)' : ''}`,
          ),
        };
      })
      .catch((err: Error) => `the page could not be read: ${err.message}`);
    throw new Error(
      `${(e as Error).message}\n\nThe page showed: ${JSON.stringify(shown, null, 2)}\n/api/ calls: ${api.log.join(', ') || 'none'}\npage errors: ${o.errors?.join(' | ') || 'none'}`,
    );
  }
}

export const noCardData = (seen: { url: string; body: string }[], ...secrets: string[]) => {
  expect(seen.length).toBeGreaterThan(0);
  for (const r of seen) for (const s of secrets) expect(r.body, r.url).not.toContain(s);
};

export async function addQuartzChip(page: Page) {
  await page.goto(CWSBV);
  await hydrated(page);
  // The tabs and the sample list load when scrolled to: used once live.
  const tab = page.getByRole('tab', { name: 'Samples' });
  if (await tab.count()) {
    await scrolledToAndLive(page, tab);
    await tab.click();
  }
  const list = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Order sample doors' }) });
  await scrolledToAndLive(page, list);
  await list.getByRole('checkbox', { name: new RegExp(CG_CHIP) }).check();
  await list.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(list.getByRole('status')).toContainText('has been successfully added');
}

/** Opens /checkout and fills the billing address (Columbus, OH); the shipping method is chosen. */
export async function checkout(page: Page, email: string) {
  await page.goto('/checkout');
  await hydrated(page);
  await expect(placeOrder(page)).toBeVisible();
  const b = page.getByRole('group', { name: 'Billing details' });
  const field = (label: string) => b.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await field('First Name').fill('Ada');
  await field('Last Name').fill('Lovelace');
  await field('Email').fill(email);
  await field('Phone Number').fill('(614) 555-0100');
  await field('Address 1').fill('100 North High Street');
  await field('State').selectOption('OH');
  await field('City').fill('Columbus');
  await field('Zip Code').fill('43215');
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
}
