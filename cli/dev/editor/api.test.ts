/** The editor's API on a copy of the shop's content: open a page, lint unsaved edits, save them. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBlockContracts } from '../../blocks.ts';
import { ROOT } from '../../paths.ts';
import { lintSite } from '../../lint/run.ts';
import { editorApi } from './api.ts';

const site = mkdtempSync(join(tmpdir(), 'joinery-editor-'));
let server: Server;
let base = '';
const aboutFile = join(site, 'pages', 'about-us.json');

beforeAll(async () => {
  cpSync(join(ROOT, 'site-config'), site, { recursive: true });
  const api = editorApi({ siteDir: site, blockContracts: loadBlockContracts });
  server = createServer((req, res) => void api(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__joinery/api`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(site, { recursive: true, force: true });
});

interface Opened {
  files: Record<
    string,
    { text: string; value: { blocks: { type: string; props: Record<string, unknown> }[] }; hash: string }
  >;
  page: string;
  route: { pointer?: string };
  pageData: { head: { title: string }; regions: { tag: string; blocks: { type: string }[] }[] };
}

const open = async (route: string) => (await (await fetch(`${base}/page?route=${route}`)).json()) as Opened;
const post = (what: string, body: unknown) =>
  fetch(`${base}/${what}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

/** The about page with its heading block's title changed. */
function withHeading(opened: Opened, title: string) {
  const value = structuredClone(opened.files['pages/about-us.json']!.value);
  const heading = value.blocks.find((b) => b.type === 'heading')!;
  heading.props.title = title;
  return value;
}

describe('editor API', () => {
  it('opens a route: its page file, where the route is declared, its page data and the block schemas', async () => {
    const opened = await open('/about-us');
    expect(opened.page).toBe('pages/about-us.json');
    expect(opened.files['pages/about-us.json']!.text).toBe(readFileSync(aboutFile, 'utf8'));
    expect(opened.files['pages/about-us.json']!.hash).toMatch(/^[0-9a-f]{20}$/);
    expect(opened.route.pointer).toBe('/routes/1');
    expect(opened.pageData.head.title).toBe('About Us | Hearthline Cabinetry');
    expect(opened.pageData.regions.find((r) => r.tag === 'main')!.blocks[0]!.type).toBe('banner');
    const missing = await fetch(`${base}/page?route=/nowhere-at-all`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('No route matches /nowhere-at-all');
    const blocks = await (await fetch(`${base}/blocks`)).json();
    expect(blocks.heading.schema.properties.title).toEqual({
      description: "The heading's text.",
      type: 'string',
      minLength: 1,
    });
    expect(blocks.heading.example.props.title).toBe('Cabinets built for the heart of your home');
    // External references are copied into the schema itself.
    expect(JSON.stringify(blocks.banner.schema)).not.toContain('.schema.json');
  });

  it('lints an unsaved document and points at the field', async () => {
    const opened = await open('/about-us');
    const value = withHeading(opened, '');
    const r = await post('lint', { files: { 'pages/about-us.json': { value } } });
    const { findings } = await r.json();
    const i = value.blocks.findIndex((b) => b.type === 'heading');
    expect(findings).toContainEqual(
      expect.objectContaining({ file: 'pages/about-us.json', pointer: `/blocks/${i}/props/title`, severity: 'error' }),
    );
    expect(readFileSync(aboutFile, 'utf8')).toBe(opened.files['pages/about-us.json']!.text);
  });

  it('refuses to save while lint has errors (422, with the findings)', async () => {
    const opened = await open('/about-us');
    const r = await post('save', {
      files: {
        'pages/about-us.json': { value: withHeading(opened, ''), hash: opened.files['pages/about-us.json']!.hash },
      },
    });
    expect(r.status).toBe(422);
    const body = await r.json();
    expect(body.message).toBe('Not saved: 1 lint error');
    expect(body.findings[0].pointer).toMatch(/\/props\/title$/);
    expect(readFileSync(aboutFile, 'utf8')).toBe(opened.files['pages/about-us.json']!.text);
  });

  it('saves with only the changed value differing in the text', async () => {
    const opened = await open('/about-us');
    const before = opened.files['pages/about-us.json']!.text;
    const r = await post('save', {
      files: {
        'pages/about-us.json': {
          value: withHeading(opened, 'Meet the crew'),
          hash: opened.files['pages/about-us.json']!.hash,
        },
      },
    });
    expect(r.status).toBe(200);
    const after = readFileSync(aboutFile, 'utf8');
    expect(after).toBe(before.replace('"title": "Meet the team"', '"title": "Meet the crew"'));
    expect((await r.json()).files['pages/about-us.json'].hash).not.toBe(opened.files['pages/about-us.json']!.hash);
    expect(lintSite(site).errors).toBe(0);
  });

  it('refuses to overwrite a file changed on disk since it was opened (409)', async () => {
    const opened = await open('/about-us');
    const text = opened.files['pages/about-us.json']!.text;
    writeFileSync(aboutFile, text.replace('"Visit us"', '"Come and see us"'));
    const r = await post('save', {
      files: {
        'pages/about-us.json': {
          value: withHeading(opened, 'Overwritten?'),
          hash: opened.files['pages/about-us.json']!.hash,
        },
      },
    });
    expect(r.status).toBe(409);
    expect((await r.json()).message).toMatch(
      /pages\/about-us\.json changed on disk since the editor opened it; nothing was saved/,
    );
    expect(readFileSync(aboutFile, 'utf8')).toContain('"Come and see us"');
    expect(readFileSync(aboutFile, 'utf8')).not.toContain('Overwritten?');
  });

  it('uploads an image into the site folder, never over another, and lists it', async () => {
    const send = (name: string) =>
      fetch(`${base}/upload?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      });
    const first = await (await send('My Kitchen.svg')).json();
    expect(first).toEqual({ src: '/images/uploads/my-kitchen.svg' });
    expect(readFileSync(join(site, 'images', 'uploads', 'my-kitchen.svg'), 'utf8')).toContain('<svg');
    expect((await (await send('My Kitchen.svg')).json()).src).toBe('/images/uploads/my-kitchen-2.svg');
    expect(await (await fetch(`${base}/images`)).json()).toContain('/images/uploads/my-kitchen-2.svg');
    const refused = await send('notes.txt');
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('Upload an image: .svg, .png, .jpg, .webp, .avif or .gif');
  });

  it('saves the route’s title in routes.json, that line only', async () => {
    const opened = await open('/about-us');
    const routes = opened.files['routes.json'] as unknown as {
      text: string;
      value: { routes: { title: string }[] };
      hash: string;
    };
    const value = structuredClone(routes.value);
    value.routes[1]!.title = 'About | Hearthline';
    const r = await post('save', { files: { 'routes.json': { value, hash: routes.hash } } });
    expect(r.status).toBe(200);
    expect(readFileSync(join(site, 'routes.json'), 'utf8')).toBe(
      routes.text.replace('"title": "About Us | Hearthline Cabinetry"', '"title": "About | Hearthline"'),
    );
  });
});
