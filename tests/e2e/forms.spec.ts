/**
 * Forms end to end: the real server from global setup, its SQLite file (read-only here) and the
 * e-mails its real SMTP sink received. Each test uses its own e-mail address, so tests running
 * in parallel never read each other's rows or mails.
 */
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hydrated, settled, watchErrors, scrolledToAndLive } from './support/page-helpers.ts';

const THANK_YOU = 'Thank you!';
const CONTACT_SUCCESS = 'We have received your message. Our Team will contact you soon.';
const REQUIRED = 'This field is required';
const ADMIN = 'orders@hearthlinecabinetry.com';

/** A 1x1 transparent PNG: real image bytes, so the server's content check accepts it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A control by its label; a required field's label ends in " *" (hidden from screen readers). */
const byLabel = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

const unique = (tag: string) => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

function db() {
  return new Database(join(process.env.E2E_DATA_DIR!, 'joinery.db'), { readonly: true, fileMustExist: true });
}

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** Quoted-printable soft breaks and escapes undone, so links and texts read whole. */
const decodeQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A mail file being written right now does not parse yet: it is read on the next poll. */
function readMail(file: string): ReceivedMail[] {
  try {
    return [JSON.parse(readFileSync(file, 'utf8')) as ReceivedMail];
  } catch {
    return [];
  }
}

function mailsTo(address: string): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .flatMap((f) => readMail(join(dir, f)))
    .filter((m) => m.to.includes(address))
    .map((m) => ({ ...m, raw: decodeQp(m.raw) }));
}

async function waitForMail(address: string, match: (raw: string) => boolean): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect.poll(() => (found = mailsTo(address).find((m) => match(m.raw))), { timeout: 15_000 }).toBeTruthy();
  return found!;
}

/** Opens a page and waits until its form code runs (the prerendered form is inert before). */
async function openForm(page: Page, path: string, title: string): Promise<Locator> {
  await page.goto(path);
  await hydrated(page);
  const form = page.getByRole('form', { name: title });
  await scrolledToAndLive(page, form); // a form's island starts as it nears the viewport
  await expect(form).toHaveAttribute('data-ready', '');
  return form;
}

test.describe('contact form', () => {
  test('shows the field errors, focuses the first, then sends and mails the shop', async ({ page }) => {
    test.slow(); // a whole journey, and the success message takes 5 seconds to go
    const errors = watchErrors(page);
    const form = await openForm(page, '/contact', 'Send us a message');
    const field = (label: string) =>
      form.getByRole(label === 'How can we help?' ? 'combobox' : 'textbox', { name: label, exact: true });

    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(field('First name')).toBeFocused();
    for (const label of ['First name', 'Last name', 'Email', 'How can we help?', 'Message']) {
      await expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(label)).toHaveAccessibleDescription(REQUIRED);
    }
    await expect(field('Phone')).not.toHaveAttribute('aria-invalid', 'true');

    await field('First name').fill('Ada');
    await field('Last name').fill('Lovelace');
    await field('Email').fill('ada@example');
    await field('Email').blur();
    await expect(field('Email')).toHaveAccessibleDescription('Invalid email address');
    await expect(field('First name')).not.toHaveAttribute('aria-invalid');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(field('Email')).toBeFocused();

    // Digits only in the phone field; the order number appears only for order questions.
    await field('Phone').pressSequentially('(614) 555-0143');
    await expect(field('Phone')).toHaveValue('6145550143');
    await expect(field('Order number')).toHaveCount(0);
    await field('How can we help?').selectOption({ label: 'An existing order' });
    await field('Order number').fill('HL-100234');

    const email = unique('contact');
    await field('Email').fill(email);
    await field('Message').fill('My order arrived with one door missing its hinges.');
    await form.getByRole('radio', { name: 'Phone', exact: true }).check();
    await form.getByRole('button', { name: 'Send message' }).click();

    const status = form.getByRole('status');
    await expect(status).toContainText(THANK_YOU);
    await expect(status).toContainText(CONTACT_SUCCESS);
    await expect(field('First name')).toHaveValue('');
    await expect(field('Message')).toHaveValue('');

    const admin = await waitForMail(
      ADMIN,
      (raw) => raw.includes('Subject: New contact message') && raw.includes(email),
    );
    expect(admin.raw).toContain('Lovelace');
    expect(admin.raw).toContain('HL-100234');
    // The visitor's copy is the form's fixed text: nothing typed in the form goes to the typed address.
    const copy = await waitForMail(email, (raw) => raw.includes('Subject: We have received your message'));
    expect(copy.raw).toContain('Thank you for contacting Hearthline Cabinetry.');
    for (const typed of ['hinges', 'HL-100234', 'Lovelace', '6145550143']) expect(copy.raw).not.toContain(typed);

    // The message goes after 5 seconds.
    await expect(status).toBeEmpty({ timeout: 8_000 });
    expect(errors).toEqual([]);
  });

  test('shows server field errors on their fields, the server message, and a network failure', async ({ page }) => {
    const form = await openForm(page, '/contact', 'Send us a message');
    const field = (label: string) =>
      form.getByRole(label === 'How can we help?' ? 'combobox' : 'textbox', { name: label, exact: true });
    await field('First name').fill('Grace');
    await field('Last name').fill('Hopper');
    await field('Email').fill('grace@example.com');
    await field('How can we help?').selectOption({ label: 'Sample doors' });
    await field('Message').fill('Which sample doors do you have in green?');

    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/forms/contact', async (route) => {
      await answered;
      await route.fulfill({
        status: 422,
        json: {
          success: false,
          message: 'Please correct the highlighted fields.',
          errors: { email: 'Invalid email address' },
        },
      });
    });
    await form.getByRole('button', { name: 'Send message' }).click();
    // While it is sent: the button says so and cannot be pressed twice; the form is busy.
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(form).toHaveAttribute('aria-busy', 'true');
    answer();
    await expect(form.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
    await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await expect(field('Email')).toHaveAccessibleDescription('Invalid email address');
    await expect(field('Email')).toBeFocused();

    await page.unroute('**/api/forms/contact');
    await page.route('**/api/forms/contact', (route) => route.abort());
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Submission failed');
    // Nothing was lost: the shopper can send again.
    await expect(field('Message')).toHaveValue('Which sample doors do you have in green?');
  });
});

test('what is typed before the form code has loaded is kept, and an early submit goes nowhere', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/form-view-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Early');
  await form.getByRole('textbox', { name: 'Message' }).fill('Typed while the page was still loading.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form).not.toHaveAttribute('data-ready');
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect(form).toHaveAttribute('data-ready', '');
  await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Early');
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('Typed while the page was still loading.');
});

test('free kitchen design: every step, Back, a reload in the middle, a file, one stored submission', async ({
  page,
}) => {
  test.slow(); // five posts and a reload
  const errors = watchErrors(page);
  let form = await openForm(page, '/free-kitchen-design', 'Request your free design');
  const next = (text: string) => form.getByRole('button', { name: text }).click();
  const heading = (name: string) => form.getByRole('heading', { name, level: 3 });
  const current = () => form.locator('[aria-current="step"]');

  // Step 1: Next validates the step and stays on it.
  await expect(current()).toContainText('Your project');
  await next('Next: measurements');
  await expect(form.getByRole('radio', { name: /^Kitchen/ })).toBeFocused();
  await expect(form.getByRole('radiogroup', { name: 'Which room are we designing?' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(heading('Your project')).toBeVisible();

  await form.getByRole('radio', { name: /^Kitchen/ }).check();
  // Radio cards work by keyboard: arrow keys move the choice within the group.
  await form.getByRole('radio', { name: /^Shaker/ }).check();
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: /^Slim shaker/ })).toBeChecked();
  await form.getByRole('radio', { name: /^\$10,000 to \$20,000/ }).check();
  await byLabel(form, 'When would you like to start?').selectOption('1-3-months');
  await next('Next: measurements');

  // Step 2, with a file: unsupported types are dropped, images are taken.
  await expect(heading('Room measurements')).toBeFocused();
  await expect(current()).toContainText('Room measurements');
  await form.getByRole('radio', { name: 'L-shape' }).check();
  await byLabel(form, 'Ceiling height (inches)').fill('96');
  await byLabel(form, 'Wall lengths and openings').fill('Wall A 144 in with a 36 in window; wall B 120 in.');
  await form.getByRole('checkbox', { name: 'Dishwasher' }).check();
  const dropZone = form.getByRole('button', { name: /^Floor plan or photos/ });
  // Listening before the key press below: Playwright turns the browser's file-chooser interception
  // on when the first listener comes, without waiting, and a picker opened before that is lost.
  const chooser = page.waitForEvent('filechooser');
  const dropped = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    return data;
  });
  await dropZone.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(form.getByText('File format is not supported')).toBeVisible();
  // The drop zone is a button: Enter opens the system file picker.
  await dropZone.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'kitchen-photo.png', mimeType: 'image/png', buffer: PNG });
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'floor-plan.png', mimeType: 'image/png', buffer: PNG });
  const chosen = form.getByRole('list', { name: 'Floor plan or photos: chosen files' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(chosen).toContainText('kitchen-photo.png');
  await expect(chosen).toContainText('floor-plan.png');
  await expect(form.getByText('File format is not supported')).toHaveCount(0);
  await next('Next: your details');

  // Step 3, then Back and forward again.
  await expect(heading('Your details')).toBeFocused();
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(heading('Room measurements')).toBeFocused();
  await expect(form.getByRole('radio', { name: 'L-shape' })).toBeChecked();
  await expect(current()).toContainText('Room measurements');
  await next('Next: your details');
  await expect(heading('Your details')).toBeVisible();

  const email = unique('design');
  await byLabel(form, 'First name').fill('Margaret');
  await byLabel(form, 'Last name').fill('Hamilton');
  await byLabel(form, 'Email').fill(email);
  await byLabel(form, 'Phone').fill('6145550199');
  const state = byLabel(form, 'State');
  await expect(state.locator('option', { hasText: 'Ohio' })).toHaveCount(1);
  await state.selectOption({ label: 'Ohio' });
  const city = byLabel(form, 'City');
  await expect(city.locator('option', { hasText: /^Columbus$/ })).toHaveCount(1);
  await city.selectOption({ label: 'Columbus' });
  // The city follows its state: another state clears it and lists that state's cities.
  await state.selectOption({ label: 'Indiana' });
  await expect(city).toHaveValue('');
  await expect(city.locator('option', { hasText: /^Indianapolis$/ })).toHaveCount(1);
  await state.selectOption({ label: 'Ohio' });
  await expect(city.locator('option', { hasText: /^Columbus$/ })).toHaveCount(1);
  await city.selectOption({ label: 'Columbus' });
  await byLabel(form, 'ZIP code').fill('43215');

  // A reload in the middle: the step and the answers come back from local storage.
  await page.reload();
  await hydrated(page);
  form = page.getByRole('form', { name: 'Request your free design' });
  await scrolledToAndLive(page, form);
  await expect(heading('Your details')).toBeVisible();
  await expect(byLabel(form, 'First name')).toHaveValue('Margaret');
  await expect(byLabel(form, 'Email')).toHaveValue(email);
  await expect(byLabel(form, 'State')).toHaveValue('OH');
  await expect(byLabel(form, 'City')).toHaveValue('Columbus');
  await next('Next: review');

  // Step 4: the review lists the answers; the consent box is required.
  await expect(heading('Review and send')).toBeFocused();
  const review = form.locator('dl');
  await expect(review.first()).toContainText('Kitchen');
  await expect(review.first()).toContainText('Slim shaker');
  await expect(form.getByText('Hamilton')).toBeVisible();
  await expect(form.getByText('Ohio', { exact: true })).toBeVisible();
  await expect(form.getByText('Your design is free and you are under no obligation to buy.')).toBeVisible();
  await next('Request my free design');
  const consent = form.getByRole('checkbox', { name: /I agree to be contacted/ });
  await expect(consent).toBeFocused();
  await expect(consent).toHaveAccessibleDescription(REQUIRED);
  await consent.check();
  await next('Request my free design');

  await expect(form.getByRole('status')).toContainText(THANK_YOU);
  await expect(form.getByRole('status')).toContainText(
    'A Hearthline designer will e-mail your 3D design within three business days.',
  );
  expect(await page.evaluate(() => localStorage.getItem('joinery-form:free-kitchen-design'))).toBeNull();

  const conn = db();
  try {
    const rows = conn
      .prepare(`select * from form_submissions where form_name = 'free-kitchen-design' and data like ?`)
      .all(`%${email}%`) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.completed_at).toBeTruthy();
    expect(JSON.parse(row.completed_steps)).toEqual([0, 1, 2, 3]);
    expect(JSON.parse(row.data)).toMatchObject({
      roomType: 'kitchen',
      style: 'slim-shaker',
      layout: 'l-shape',
      appliances: ['dishwasher'],
      state: 'OH',
      city: 'Columbus',
      contactConsent: true,
    });
    const files = conn
      .prepare('select field, original_name, mime from submission_files where submission_id = ? order by original_name')
      .all(row.id);
    expect(files).toEqual([
      { field: 'floorPlan', original_name: 'floor-plan.png', mime: 'image/png' },
      { field: 'floorPlan', original_name: 'kitchen-photo.png', mime: 'image/png' },
    ]);
  } finally {
    conn.close();
  }
  await waitForMail(ADMIN, (raw) => raw.includes('Subject: New free kitchen design request') && raw.includes(email));
  expect(errors).toEqual([]);
});

test('newsletter from the footer: confirmation link first, then the welcome, then the unsubscribe link; subscribing again confirms again', async ({
  page,
}) => {
  test.slow(); // signup, confirmation page, unsubscribe page
  const email = unique('news');
  const status = () => {
    const conn = db();
    try {
      return (
        conn.prepare('select status from newsletter_subscriptions where email = ?').get(email) as
          | { status: string }
          | undefined
      )?.status;
    } finally {
      conn.close();
    }
  };
  await page.goto('/');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Kitchen ideas in your inbox' });
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('data-ready', '');
  await byLabel(form, 'Email address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  // One thank-you: the title, then what to do.
  const thanks = form.getByRole('status');
  await expect(thanks.getByText('Thank you!', { exact: true })).toBeVisible();
  await expect(thanks.getByText(/^Please check your inbox/)).toHaveText(
    'Please check your inbox and open the link in our e-mail to confirm your subscription.',
  );
  // biome-ignore lint/performance/useDomNodeTextContent: what the shopper reads, hidden text left out
  expect((await thanks.innerText()).match(/thank you/gi)).toHaveLength(1);

  // Double opt-in: only the confirmation link is mailed; the address is not subscribed yet.
  const confirmation = await waitForMail(email, (raw) => raw.includes('/newsletter/confirm/'));
  expect(confirmation.raw).not.toContain('/unsubscribe/');
  const link = decodeURIComponent(/\/newsletter\/confirm\/([\w%-]+)/.exec(confirmation.raw)![1]!);
  expect(status()).toBe('pending');
  expect(mailsTo(email)).toHaveLength(1);

  // Opening the link confirms: the page says so, the row is subscribed, the welcome arrives.
  await page.goto(`/newsletter/confirm/${encodeURIComponent(link)}`);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Thank you! Your subscription is confirmed. A welcome e-mail is on its way.',
  );
  expect(status()).toBe('subscribed');
  const welcome = await waitForMail(email, (raw) => /\/unsubscribe\/[\w%-]+/.test(raw));
  const token = decodeURIComponent(/\/unsubscribe\/([\w%-]+)/.exec(welcome.raw)![1]!);

  // Opening it again changes nothing.
  await page.reload();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Your subscription is already confirmed.');
  expect(mailsTo(email)).toHaveLength(2);

  await page.goto(`/unsubscribe/${encodeURIComponent(token)}`);
  await hydrated(page);
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect
    .poll(() => alerts)
    .toEqual(['You have been unsubscribed. You will not receive our newsletter any more.']);
  await expect(page.getByRole('button', { name: 'Subscribe again' })).toBeVisible();
  expect(status()).toBe('unsubscribed');

  // The unsubscribe link cannot subscribe: subscribing again mails a new confirmation link.
  await page.getByRole('button', { name: 'Subscribe again' }).click();
  await expect
    .poll(() => alerts.at(-1))
    .toBe('Almost there! Please open the link in the e-mail we have just sent you to confirm your subscription.');
  await expect(page.getByRole('button', { name: 'Subscribe again' })).toBeVisible();
  expect(status()).toBe('pending');
  const again = await waitForMail(email, (raw) => raw.includes('/newsletter/confirm/') && raw !== confirmation.raw);
  const relink = decodeURIComponent(/\/newsletter\/confirm\/([\w%-]+)/.exec(again.raw)![1]!);
  await page.goto(`/newsletter/confirm/${encodeURIComponent(relink)}`);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Thank you! Your subscription is confirmed. A welcome e-mail is on its way.',
  );
  expect(status()).toBe('subscribed');
});

test('an unknown or expired confirmation link says so on the page', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/newsletter/confirm/not-a-real-token');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This confirmation link is invalid or has expired. Please sign up again with the newsletter form at the foot of our home page.',
  );
  await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  // The 404 of the API is expected here; nothing else may go wrong.
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('an unknown unsubscribe token shows the failure message', async ({ page }) => {
  await page.goto('/unsubscribe/not-a-real-token');
  await hydrated(page);
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  const failure = 'We could not unsubscribe you. The link may be invalid or expired; please contact us.';
  await expect.poll(() => alerts).toEqual([failure]);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(failure);
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
});

test.describe('accessibility of the form pages', () => {
  const axe = (page: Page) => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const pages: [string, string][] = [
    ['/contact', 'Send us a message'],
    ['/become-dealer', 'Apply for a dealer account'],
    ['/claim', 'File a claim'],
    ['/register', 'Register your cabinets'],
    ['/free-kitchen-design', 'Request your free design'],
    ['/book-appointment', 'Request a call'],
  ];
  const widths = [1280, 375];
  for (const [path, title] of pages) {
    test(`${path} at ${widths.join(' and ')} px, with its errors shown`, async ({ page }) => {
      test.slow(); // two full-page axe runs
      const form = await openForm(page, path, title);
      // With the errors on screen, so their colours are checked too.
      await form.locator('button[type="submit"]').click();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
      // The footer newsletter form too, once its code has loaded.
      const footer = page.getByRole('form', { name: 'Kitchen ideas in your inbox' });
      await footer.scrollIntoViewIfNeeded();
      await expect(footer).toHaveAttribute('data-ready', '');
      await settled(page);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        const result = await axe(page);
        expect(
          result.violations.map((v) => `${width} px ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      }
    });
  }
  test(`the newsletter confirmation page at ${widths.join(' and ')} px`, async ({ page }) => {
    await page.goto('/newsletter/confirm/some-token');
    await settled(page);
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      expect((await axe(page)).violations.map((v) => `${width} px ${v.id}`)).toEqual([]);
    }
  });
  test(`the unsubscribe page at ${widths.join(' and ')} px`, async ({ page }) => {
    await page.goto('/unsubscribe/some-token');
    await settled(page);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      expect((await axe(page)).violations.map((v) => `${width} px ${v.id}`)).toEqual([]);
    }
  });
});
