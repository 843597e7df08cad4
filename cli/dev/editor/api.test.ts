/**
 * The editor's API on a copy of the shop's content: open a page, lint unsaved edits, save them;
 * only for the editor's own pages (their origin and token), uploads checked by their bytes.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBlockContracts } from '../../blocks.ts';
import { ROOT } from '../../paths.ts';
import { lintSite } from '../../lint/run.ts';
import { editorApi } from './api.ts';

const site = mkdtempSync(join(tmpdir(), 'joinery-editor-'));
let server: Server;
let base = '';
let origin = '';
const token = 'test-token-0123456789';
const aboutFile = join(site, 'pages', 'about-us.json');

beforeAll(async () => {
  cpSync(join(ROOT, 'site-config'), site, { recursive: true });
  const api = editorApi({ siteDir: site, token, blockContracts: loadBlockContracts });
  server = createServer((req, res) => void api(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `${origin}/__joinery/api`;
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
/** A POST as the editor's page sends it: its origin, a JSON body and its token. */
const post = (what: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/${what}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { origin, 'content-type': 'application/json', 'x-joinery-editor-token': token, ...headers },
  });
/** An upload as the editor's page sends it. */
const upload = (name: string, body: string | Buffer, type: string) =>
  fetch(`${base}/upload?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body: new Uint8Array(Buffer.from(body)),
    headers: { origin, 'content-type': type, 'x-joinery-editor-token': token },
  });
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

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
    const send = (name: string) => upload(name, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
    const first = await (await send('My Kitchen.svg')).json();
    expect(first).toEqual({ src: '/images/uploads/my-kitchen.svg' });
    expect(readFileSync(join(site, 'images', 'uploads', 'my-kitchen.svg'), 'utf8')).toContain('<svg');
    expect((await (await send('My Kitchen.svg')).json()).src).toBe('/images/uploads/my-kitchen-2.svg');
    expect(await (await fetch(`${base}/images`)).json()).toContain('/images/uploads/my-kitchen-2.svg');
    const refused = await send('notes.txt');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      success: false,
      message: 'Upload an image: .jpg, .png, .webp, .avif or .svg',
    });
  });

  it('takes a photo as JPEG, WebP or AVIF under a name of its own, and refuses a GIF, an empty or an oversized file', async () => {
    const photo = sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a6a4a' } });
    const formats: [string, Buffer, string][] = [
      ['Kitchen 1.JPG', await photo.clone().jpeg().toBuffer(), 'image/jpeg'],
      ['door.webp', await photo.clone().webp().toBuffer(), 'image/webp'],
      ['door.avif', await photo.clone().avif().toBuffer(), 'image/avif'],
    ];
    for (const [name, bytes, type] of formats) {
      const r = await upload(name, bytes, type);
      expect(r.status, name).toBe(200);
      const { src } = await r.json();
      expect(src).toBe(`/images/uploads/${name.toLowerCase().replace(' ', '-')}`);
      expect(readFileSync(join(site, src)).equals(bytes), name).toBe(true);
    }
    // A path in the name is dropped: the file lands in images/uploads/, beside nothing it could replace.
    const aboutBefore = readFileSync(aboutFile);
    const climbing = await upload('../../pages/about-us.json.png', PNG, 'image/png');
    expect((await climbing.json()).src).toBe('/images/uploads/about-us-json.png');
    expect(readFileSync(aboutFile).equals(aboutBefore)).toBe(true);

    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const refused: [string, Buffer, number, string][] = [
      ['anim.gif', gif, 400, 'Upload an image: .jpg, .png, .webp, .avif or .svg'],
      ['empty.png', Buffer.alloc(0), 400, 'The file is empty.'],
      [
        'huge.jpg',
        Buffer.alloc(20_000_001),
        413,
        'The image is larger than 20 MB: export it smaller (a 4,000-pixel JPEG is enough for any slot).',
      ],
    ];
    for (const [name, bytes, status, message] of refused) {
      const r = await upload(name, bytes, 'image/png');
      expect(r.status, name).toBe(status);
      expect(await r.json(), name).toEqual({ success: false, message });
      expect(existsSync(join(site, 'images', 'uploads', name)), name).toBe(false);
    }
  });

  it('stores no upload from another origin or without the token', async () => {
    const tries: Record<string, string>[] = [
      { origin: 'http://evil.example', 'x-joinery-editor-token': token },
      { 'x-joinery-editor-token': token },
      { origin },
      { origin, 'x-joinery-editor-token': 'not-the-token-0123456' },
    ];
    for (const headers of tries) {
      const r = await fetch(`${base}/upload?name=intruder.png`, {
        method: 'POST',
        body: new Uint8Array(PNG),
        headers: { 'content-type': 'image/png', ...headers },
      });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect((await r.json()).message).toMatch(/^Refused: /);
      expect(existsSync(join(site, 'images', 'uploads', 'intruder.png'))).toBe(false);
    }
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

  it('saves nothing for another site, a text/plain body or a request without the token (403)', async () => {
    const opened = await open('/about-us');
    const before = readFileSync(aboutFile);
    const body = {
      files: {
        'pages/about-us.json': { value: withHeading(opened, 'Pwned'), hash: opened.files['pages/about-us.json']!.hash },
      },
    };
    // The editor's own headers with some changed (undefined: left out).
    const tries: [Record<string, string | undefined>, RegExp][] = [
      // A cross-site "simple" request (a form post, a no-cors fetch), with the right hash even.
      [
        { origin: 'http://evil.example', 'content-type': 'text/plain', 'x-joinery-editor-token': undefined },
        /^Refused: the editor API answers only the editor's own pages on http:\/\/127\.0\.0\.1:\d+, not http:\/\/evil\.example\.$/,
      ],
      [{ origin: 'http://localhost:5173' }, /not http:\/\/localhost:5173\.$/],
      [{ origin: undefined, 'sec-fetch-site': 'cross-site' }, /not a cross-site request\.$/],
      [{ origin: undefined }, /^Refused: a change to the site needs the Origin header of the editor's page/],
      [
        { 'content-type': 'text/plain' },
        /^Refused: send the documents as Content-Type: application\/json, not text\/plain\.$/,
      ],
      [{ 'x-joinery-editor-token': undefined }, /needs the editor's token in the x-joinery-editor-token header/],
      [{ 'x-joinery-editor-token': `${token.slice(0, -1)}x` }, /needs the editor's token/],
    ];
    for (const [changed, message] of tries) {
      const headers = { origin, 'content-type': 'application/json', 'x-joinery-editor-token': token, ...changed };
      const r = await fetch(`${base}/save`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined)),
      });
      expect(r.status, JSON.stringify(changed)).toBe(403);
      const answer = await r.json();
      expect(answer.success).toBe(false);
      expect(answer.message).toMatch(message);
      expect(readFileSync(aboutFile).equals(before)).toBe(true);
    }
    // Lint is a POST too.
    const lint = await post('lint', body, { 'content-type': 'text/plain' });
    expect(lint.status).toBe(403);
  });

  it('answers reads to its own origin and plain requests, not to another site', async () => {
    const page = (headers: Record<string, string>) => fetch(`${base}/page?route=/about-us`, { headers });
    expect((await page({})).status).toBe(200);
    expect((await page({ origin })).status).toBe(200);
    expect((await page({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    const foreign = await page({ origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).message).toMatch(/answers only the editor's own pages/);
    expect((await page({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await page({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
  });

  it('takes a PNG and an SVG by their bytes, and refuses scripts in an SVG or bytes that are not what the name says', async () => {
    const png = await upload('Door.png', PNG, 'image/png');
    expect(png.status).toBe(200);
    expect((await png.json()).src).toBe('/images/uploads/door.png');
    expect(readFileSync(join(site, 'images', 'uploads', 'door.png')).equals(PNG)).toBe(true);
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="1" height="1"/><text>&#x1F6AA; &#99999999999999999999999999999999999999999999999999;</text></svg>';
    expect((await (await upload('plan.svg', svg, 'image/svg+xml')).json()).src).toBe('/images/uploads/plan.svg');

    const refused: [string, string | Buffer, string][] = [
      [
        'script.svg',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'Refused: the SVG holds a <script> element. Upload an SVG without scripts.',
      ],
      [
        'onload.svg',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        'Refused: the SVG holds an event handler attribute (on...=). Upload an SVG without scripts.',
      ],
      [
        'foreign.svg',
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="/"/></foreignObject></svg>',
        'Refused: the SVG holds a foreign object. Upload an SVG without scripts.',
      ],
      [
        'link.svg',
        '<svg xmlns="http://www.w3.org/2000/svg"><a href="jav&#x61;script&colon;alert(1)"><text>x</text></a></svg>',
        'Refused: the SVG holds a javascript: URL. Upload an SVG without scripts.',
      ],
      ['renamed.svg', PNG, "The file's bytes are a PNG image (image/png), not the .svg its name says."],
      ['text.png', 'just text', "The file's bytes are not an image: not the .png its name says."],
      ['photo.jpg', PNG, "The file's bytes are a PNG file (image/png), not the .jpg its name says."],
    ];
    for (const [name, body, message] of refused) {
      const r = await upload(name, body, name.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
      expect(r.status, name).toBe(415);
      expect((await r.json()).message, name).toBe(message);
      expect(existsSync(join(site, 'images', 'uploads', name)), name).toBe(false);
    }
    // Not sent as an image.
    const plain = await fetch(`${base}/upload?name=x.svg`, {
      method: 'POST',
      body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      headers: { origin, 'content-type': 'text/plain', 'x-joinery-editor-token': token },
    });
    expect(plain.status).toBe(403);
    expect((await plain.json()).message).toMatch(/^Refused: send the image with its image Content-Type/);
  });
});
