/**
 * The visual editor, as an author uses it: `joinery dev` on a copy of the shop's content, the
 * editor on /about-us. `joinery start` (the global server) serves none of it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { freePort } from './support/free-port.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'joinery-editor-e2e-'));
const site = join(dir, 'site-config');
const aboutFile = join(site, 'pages', 'about-us.json');
let original = '';
let dev: ChildProcess | undefined;
let devBase = '';

async function waitForServer(url: string) {
  for (;;) {
    if (dev?.exitCode !== null) throw new Error('joinery dev exited');
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200)); // polling a starting server, not waiting for a time
  }
}

const preview = (page: Page) => page.frameLocator('iframe[title="Page preview"]');

/** The editor on /about-us, with its preview showing the page. */
async function openEditor(page: Page) {
  await page.goto(`${devBase}/__joinery/edit?route=/about-us`);
  // The first load compiles the page's blocks through Vite: slow on a busy machine.
  await expect(preview(page).getByRole('heading', { name: 'About Hearthline Cabinetry', level: 1 })).toBeVisible({
    timeout: 150_000,
  });
}

/** The selected block's props form (the route's settings form is beside it). */
const propsForm = (page: Page) => page.getByRole('group', { name: 'Props', exact: true });

const blockActions = (page: Page) => page.getByRole('toolbar', { name: 'Block actions' });

const outlineNames = (page: Page) =>
  page.getByRole('list', { name: 'main blocks' }).getByRole('button').allTextContents();

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(400_000);
  cpSync(join(ROOT, 'site-config'), site, { recursive: true });
  original = readFileSync(aboutFile, 'utf8');
  const port = await freePort();
  dev = spawn(process.execPath, ['cli/bin.js', 'dev', '--site', site, '--port', String(port)], {
    cwd: ROOT,
    env: { ...process.env, JOINERY_DATA_DIR: join(dir, 'data'), NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  devBase = `http://127.0.0.1:${port}`;
  await waitForServer(`${devBase}/__joinery/api/routes`);
  // Warm up: Vite finds the editor's and every block's dependencies once (and may reload the page for them).
  const page = await browser.newPage();
  await openEditor(page);
  await expect(preview(page).locator('html[data-jv-all-blocks]')).toBeAttached({ timeout: 300_000 });
  await page.close();
});
test.afterEach(() => writeFileSync(aboutFile, original));
test.afterAll(() => {
  dev?.kill();
  rmSync(dir, { recursive: true, force: true });
});

test('joinery start serves no editor, and the shop’s chunks hold none of its code', async ({ request }) => {
  const base = process.env.E2E_BASE_URL;
  for (const path of ['/__joinery/edit?route=/about-us', '/__joinery/api/page?route=/about-us', '/__joinery/blocks'])
    expect((await request.get(`${base}${path}`)).status(), path).toBe(404);
  const assets = join(ROOT, 'dist', 'site', 'assets');
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  const withEditorCode = scripts.filter((f) =>
    /\/__joinery\/|joinery:preview|data-jv-edit/.test(readFileSync(join(assets, f), 'utf8')),
  );
  expect(withEditorCode).toEqual([]);
});

test("edit the banner's title: the preview changes before saving, the file changes in that value only", async ({
  page,
}) => {
  await openEditor(page);
  await page.getByRole('list', { name: 'main blocks' }).getByRole('button').first().click();
  await expect(page.getByRole('list', { name: 'main blocks' }).getByRole('button').first()).toHaveText(/^banner/);
  const title = propsForm(page).getByRole('textbox', { name: /^Title\*?$/ });
  await expect(title).toHaveValue('About Hearthline Cabinetry');
  await title.fill('About the Hearthline workshop');
  await expect(preview(page).getByRole('heading', { name: 'About the Hearthline workshop', level: 1 })).toBeVisible();
  expect(readFileSync(aboutFile, 'utf8')).toBe(original);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved pages/about-us.json.');
  // Byte for byte the same file but for that one value.
  const saved = readFileSync(aboutFile, 'utf8');
  expect(saved).toBe(
    original.replace('"title": "About Hearthline Cabinetry"', '"title": "About the Hearthline workshop"'),
  );
  const before = JSON.parse(original);
  before.blocks[0].props.slides[0].title = 'About the Hearthline workshop';
  expect(JSON.parse(saved)).toEqual(before);
  const lint = spawnSync(process.execPath, ['cli/bin.js', 'lint', '--site', site], { cwd: ROOT, encoding: 'utf8' });
  expect(lint.status, lint.stdout).toBe(0);
  await page.goto(`${devBase}/about-us`);
  await expect(page.getByRole('heading', { name: 'About the Hearthline workshop', level: 1 })).toBeVisible();
});

test('a file changed on disk while open is not overwritten', async ({ page }) => {
  await openEditor(page);
  writeFileSync(aboutFile, original.replace('"Visit us"', '"Come and see us"'));
  await expect(page.getByText('A file open here changed on disk')).toBeVisible();
  await page.getByRole('button', { name: 'heading: Meet the team' }).click();
  await propsForm(page)
    .getByRole('textbox', { name: /^Title\*?$/ })
    .fill('Overwritten?');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText(
    'pages/about-us.json changed on disk since the editor opened it; nothing was saved',
  );
  expect(readFileSync(aboutFile, 'utf8')).toBe(original.replace('"Visit us"', '"Come and see us"'));
});

test('keyboard: select a block, move it up, undo, redo and save with Ctrl+S', async ({ page }) => {
  await openEditor(page);
  const before = await outlineNames(page);
  const maria = page.getByRole('button', { name: 'author: Maria Alvarez' });
  await maria.focus();
  await page.keyboard.press('Enter');
  await expect(maria).toHaveAttribute('aria-pressed', 'true');
  await blockActions(page).getByRole('button', { name: 'Move up' }).focus();
  await page.keyboard.press('Enter');
  const moved = await outlineNames(page);
  expect(moved.indexOf('author: Maria Alvarez')).toBe(moved.indexOf('author: Dave Hollis') - 1);
  await page.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => outlineNames(page)).toEqual(before);
  await page.getByRole('button', { name: 'Redo' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => outlineNames(page)).toEqual(moved);
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('status')).toHaveText('Saved pages/about-us.json.');
  const names = JSON.parse(readFileSync(aboutFile, 'utf8')).blocks.map(
    (b: { props: { name?: string } }) => b.props.name,
  );
  expect(names.indexOf('Maria Alvarez')).toBe(names.indexOf('Dave Hollis') - 1);
});

test('drag a block in the outline onto another: it takes that place, and Save writes the new order', async ({
  page,
}) => {
  await openEditor(page);
  const before = await outlineNames(page);
  const maria = before.indexOf('author: Maria Alvarez');
  const target = before[maria - 1]!;
  await page.getByRole('button', { name: 'author: Maria Alvarez' }).dragTo(page.getByRole('button', { name: target }));
  await expect
    .poll(() => outlineNames(page))
    .toEqual([...before.slice(0, maria - 1), 'author: Maria Alvarez', target, ...before.slice(maria + 1)]);
  await expect(page.getByRole('button', { name: 'author: Maria Alvarez' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved pages/about-us.json.');
  const names = JSON.parse(readFileSync(aboutFile, 'utf8')).blocks.map(
    (b: { props: { name?: string } }) => b.props.name,
  );
  expect(names.indexOf('Maria Alvarez')).toBe(maria - 1);
});

test('add an FAQ block from the gallery, move it up and save; undo before saving restores the outline', async ({
  page,
}) => {
  await openEditor(page);
  const before = await outlineNames(page);
  await page.getByRole('button', { name: 'cta-band: Talk to a designer' }).click();
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.getByRole('searchbox', { name: 'Search block types' }).fill('faq');
  // Each type is shown rendered from its example.
  await expect(
    page.frameLocator('iframe[title="faq-list example"]').getByText('Frequently asked questions').first(),
  ).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Add faq-list' }).click();
  await expect(page.getByRole('button', { name: 'faq-list: Frequently asked questions' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => outlineNames(page)).toEqual(before);
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.getByRole('button', { name: 'faq-list: Frequently asked questions' }).click();
  await blockActions(page).getByRole('button', { name: 'Move up' }).click();
  await expect(preview(page).getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved pages/about-us.json.');
  const blocks = JSON.parse(readFileSync(aboutFile, 'utf8')).blocks as { type: string; props: unknown }[];
  const example = JSON.parse(readFileSync(join(ROOT, 'blocks', 'faq-list', 'example.json'), 'utf8'));
  const i = blocks.findIndex((b) => b.type === 'faq-list');
  expect(blocks[i]).toEqual({ type: 'faq-list', props: example.props });
  expect(blocks[i - 1]!.type).toBe('socials');
  expect(blocks[i + 1]!.type).toBe('cta-band');
});

test('a link to no route shows its finding on the field, and Save is refused until it is fixed', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('button', { name: 'cta-band: Talk to a designer' }).click();
  const url = propsForm(page).getByRole('combobox', { name: /^URL\*?$/ });
  await url.fill('/no-such-page');
  // The finding is the field's own error message (its accessible description).
  await expect(url).toHaveAccessibleDescription(/link "\/no-such-page" points to no route/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Not saved: 1 lint error');
  expect(readFileSync(aboutFile, 'utf8')).toBe(original);
  await url.fill('/contact');
  await expect(url).not.toHaveAccessibleDescription(/points to no route/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Nothing to save: no changes.');
});

test('upload a photo into an image field: by keyboard or by dropping it, the field previews it and Save writes its URL; a refused file shows its reason', async ({
  page,
}) => {
  const photo = await sharp({ create: { width: 1600, height: 640, channels: 3, background: '#7b5a3c' } })
    .jpeg()
    .toBuffer();
  // Listening from the start: Playwright turns the browser's file-chooser interception on when the
  // first listener comes, without waiting, and a picker opened before that is lost.
  const chooser = page.waitForEvent('filechooser');
  await openEditor(page);
  await page.getByRole('list', { name: 'main blocks' }).getByRole('button').first().click();
  const field = page.locator('.jv-image-field').first();
  const path = field.getByRole('combobox');
  const file = field.getByLabel(/^Upload a photo for /);
  const note = field.locator('.jv-upload-note');
  await expect(note).toHaveText('or drop one here: JPEG, PNG, WebP, AVIF or SVG, up to 20 MB.');

  // Keyboard only: the file button takes the focus and opens the chooser.
  await file.focus();
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'Showroom Oak.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(path).toHaveValue('/images/uploads/showroom-oak.jpg');
  const shown = field.getByRole('img', { name: /^Preview of / });
  await expect(shown).toHaveAttribute('src', '/images/uploads/showroom-oak.jpg');
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
  expect(readFileSync(join(site, 'images', 'uploads', 'showroom-oak.jpg')).equals(photo)).toBe(true);

  // The same name again: a new file beside the first, never over it.
  const dropped = await page.evaluateHandle(
    async (bytes) => {
      const t = new DataTransfer();
      t.items.add(new File([new Uint8Array(bytes)], 'Showroom Oak.jpg', { type: 'image/jpeg' }));
      return t;
    },
    [...photo],
  );
  // The upload held until its loading state is seen.
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/__joinery/api/upload?*', async (route) => {
    await held;
    await route.continue();
  });
  await field.dispatchEvent('dragover', { dataTransfer: dropped });
  await expect(field).toHaveClass(/jv-dropping/);
  await field.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(note).toHaveText('Uploading Showroom Oak.jpg…');
  await expect(field).toHaveAttribute('aria-busy', 'true');
  await expect(file).toBeDisabled();
  release();
  await expect(path).toHaveValue('/images/uploads/showroom-oak-2.jpg');
  await page.unrouteAll();
  await expect(file).toBeEnabled();
  await expect(shown).toHaveAttribute('src', '/images/uploads/showroom-oak-2.jpg');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved pages/about-us.json.');
  const saved = JSON.parse(readFileSync(aboutFile, 'utf8'));
  expect(saved.blocks[0].props.slides[0].image.desktop.src).toBe('/images/uploads/showroom-oak-2.jpg');

  // Refused: the reason under the field, nothing stored, the value as it was.
  await file.setInputFiles({
    name: 'badge.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>'),
  });
  await expect(note).toHaveText(
    'Refused: the SVG holds an event handler attribute (on...=). Upload an SVG without scripts.',
  );
  await expect(file).toHaveAccessibleDescription(/^Refused: the SVG holds an event handler/);
  expect(existsSync(join(site, 'images', 'uploads', 'badge.svg'))).toBe(false);
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(note).toHaveText('Upload an image: .jpg, .png, .webp, .avif or .svg');
  await expect(path).toHaveValue('/images/uploads/showroom-oak-2.jpg');

  // The page's own token, sent under another site's name (a rebound DNS name) or from another origin: refused.
  const token = await page.locator('meta[name="joinery-editor-token"]').getAttribute('content');
  const { host } = new URL(devBase);
  for (const [hostHeader, origin] of [
    [`attacker.example:${new URL(devBase).port}`, devBase],
    [host, 'http://attacker.example'],
  ]) {
    const status = await new Promise<number | undefined>((done, fail) => {
      const req = httpRequest(`${devBase}/__joinery/api/upload?name=intruder.jpg`, {
        method: 'POST',
        headers: { host: hostHeader, origin, 'content-type': 'image/jpeg', 'x-joinery-editor-token': token ?? '' },
      });
      req.on('response', (r) => done(r.resume().statusCode)).on('error', fail);
      req.end(photo);
    });
    expect(status, hostHeader).toBe(403);
  }
  expect(readdirSync(join(site, 'images', 'uploads')).filter((f) => f.startsWith('intruder'))).toEqual([]);
});

test('the block form labels each prop in words with its description as help, and stars only the values the block needs', async ({
  page,
}) => {
  await openEditor(page);
  await page.getByRole('list', { name: 'main blocks' }).getByRole('button').first().click();
  const form = propsForm(page);
  const schema = JSON.parse(readFileSync(join(ROOT, 'blocks', 'banner', 'schema.json'), 'utf8'));
  // Labels in words (the titles the schema has name TypeScript types: "BannerSlide", "DeviceImage").
  const title = form.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue('About Hearthline Cabinetry');
  await expect(title).toHaveAccessibleDescription(schema.$defs.slide.properties.title.description);
  await expect(form.getByRole('combobox', { name: 'Heading level', exact: true })).toHaveAccessibleDescription(
    schema.properties.headingLevel.description,
  );
  for (const raw of ['headingLevel', 'title', 'src', 'BannerSlide', 'DeviceImage'])
    await expect(form.getByText(raw, { exact: true })).toHaveCount(0);
  // Stars: the props' required list, an item's required props, those of an optional object only when it is set.
  await expect(form.getByRole('group', { name: 'Slides*', exact: true })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Label', exact: true }).first()).toBeVisible();
  const slide = form.getByRole('group', { name: 'Slide 1', exact: true });
  await expect(slide.getByRole('combobox', { name: 'Alt text*', exact: true })).toBeVisible();
  await expect(slide.getByRole('group', { name: 'Desktop*', exact: true })).toBeVisible();
  await expect(slide.getByRole('group', { name: 'Tablet', exact: true }).getByRole('combobox')).toHaveAccessibleName(
    'Source',
  );
  const action = slide.getByRole('group', { name: 'Action', exact: true });
  await expect(action.getByRole('combobox', { name: 'Label*', exact: true })).toBeVisible();
  await expect(action.getByRole('combobox', { name: 'URL*', exact: true })).toBeVisible();
  const secondary = slide.getByRole('group', { name: 'Secondary action', exact: true });
  await expect(secondary.getByRole('combobox', { name: 'Label', exact: true })).toBeVisible();
  await expect(secondary.getByRole('combobox', { name: 'URL', exact: true })).toBeVisible();
  const ratings = form.getByRole('group', { name: 'Ratings', exact: true });
  await expect(ratings.getByRole('textbox', { name: 'Text', exact: true })).toBeVisible();
  // A star comes with the value: setting the optional object makes its required props needed.
  await secondary.getByRole('combobox', { name: 'Label', exact: true }).fill('See our doors');
  await expect(secondary.getByRole('combobox', { name: 'URL*', exact: true })).toBeVisible();
});

test('the block gallery loads the previews in view, and more as it scrolls', async ({ page }) => {
  await page.goto(`${devBase}/__joinery/blocks`);
  const previews = page.getByRole('figure');
  const frames = page.locator('iframe');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Blocks \([1-9]\d*\)$/);
  const total = Number(/\d+/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![0]);
  await expect(previews).toHaveCount(total * 3);
  const first = (await page.getByRole('heading', { level: 2 }).first().textContent())!;
  const last = (await page.getByRole('heading', { level: 2 }).last().textContent())!;
  const shown = (type: string) =>
    page.frameLocator(`iframe[title="${type} at desktop width"]`).locator('[data-jv-edit] > *');
  await expect(shown(first)).toBeAttached({ timeout: 60_000 });
  // Each entry says whether and how the block runs in the browser, from its island declaration.
  expect(first).toBe('advice-chat');
  await expect(page.getByRole('region', { name: first, exact: true })).toContainText(
    "Island: its component, hydrated, started at the shopper's first pointer, focus or key on it.",
  );
  // And what it ships in the last build (npm test builds before the end-to-end tests).
  await expect(page.getByRole('region', { name: first, exact: true })).toContainText(
    /Ships JavaScript \d+\.\d kB own, \d+\.\d kB shared with other islands; CSS \d+\.\d kB \(gzip, last build\)\./,
  );
  const atFirst = await frames.count();
  expect(atFirst).toBeGreaterThanOrEqual(3);
  expect(atFirst).toBeLessThan(total * 3);
  await expect(page.locator(`iframe[title="${last} at desktop width"]`)).toHaveCount(0);
  await page.getByRole('region', { name: last, exact: true }).getByRole('figure').last().scrollIntoViewIfNeeded();
  await expect(shown(last)).toBeAttached({ timeout: 60_000 });
  expect(await frames.count()).toBeGreaterThan(atFirst);
  expect(await frames.count()).toBeLessThan(total * 3);
});
