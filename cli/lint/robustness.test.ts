/** Broken content must give findings, never a crash, and one broken collection must not hide the rest. */
import { describe, expect, it } from 'vitest';
import { baseSite, memorySite } from '../../engine/testing/memory-site.ts';
import { rules as allRules } from './rules/index.ts';
import { lintLoadedSite } from './run.ts';

// In-memory files name no schema file: "$schema" (schema-ref) is not what these tests are about.
const rules = allRules.filter((r) => r.meta.code !== 'schema-ref');

const heading = (title: unknown, intro?: unknown) => ({
  blocks: [{ type: 'heading', props: { title, ...(intro !== undefined && { intro }) } }],
});
const lint = (files: Record<string, unknown>) =>
  lintLoadedSite(memorySite({ ...baseSite, ...files }), { rules }).findings.map(
    (f) => `${f.ruleId} ${f.file} ${f.pointer}: ${f.message}`,
  );

describe('lint on malformed content', () => {
  it('a route without a path is a schema finding; the other routes still count for links', () => {
    expect(
      lint({
        'routes.json': { routes: [{ page: 'home' }, { path: '/', page: 'home', breadcrumbs: 'none' }] },
        'pages/home.json': heading('Home', 'See [home](/).'),
      }),
    ).toEqual([
      'schema routes.json /routes/0: "/routes/0" is missing required property "path"',
      'schema routes.json /routes/1/breadcrumbs: "/routes/1/breadcrumbs" must be array',
    ]);
  });

  it('a collection item without a value for the path: data-ref names it; static routes are unaffected', () => {
    expect(
      lint({
        'routes.json': {
          routes: [{ path: '/', page: 'home' }],
          collections: [{ path: '/posts/{slug}', page: 'post', source: 'data/posts.json#/posts' }],
        },
        'data/posts.json': { posts: [{ title: 'No slug' }] },
        'pages/home.json': heading('Home', '[Home](/)'),
        'pages/post.json': heading({ $data: '#/title' }),
      }),
    ).toEqual([
      'data-ref routes.json /collections/0/path: item 0 of "data/posts.json#/posts" has no value for a placeholder in "/posts/{slug}"',
    ]);
  });

  it('an item reference on a page shared by a collection and a static route', () => {
    expect(
      lint({
        'routes.json': {
          routes: [{ path: '/', page: 'post' }],
          collections: [{ path: '/posts/{slug}', page: 'post', source: 'data/posts.json#/posts' }],
        },
        'data/posts.json': { posts: [{ slug: 'a', title: 'A' }] },
        'pages/post.json': heading({ $data: '#/title' }),
      }),
    ).toEqual([
      'data-ref pages/post.json /blocks/0/props/title/$data: "#/title" refers to a collection item, but page "post" is also used by "/", which has no item',
    ]);
  });

  it('a reference cycle between data files', () => {
    expect(
      lint({
        'routes.json': { routes: [{ path: '/', page: 'home' }] },
        'data/a.json': { x: { $data: 'data/b.json#/y' } },
        'data/b.json': { y: { $data: 'data/a.json#/x' } },
        'pages/home.json': heading({ $data: 'data/a.json#/x' }),
      }),
    ).toEqual([
      'data-ref data/a.json /x/$data: "data/b.json#/y" never resolves: the references form a cycle (data/b.json#/y -> data/a.json#/x -> data/b.json#/y)',
      'data-ref data/b.json /y/$data: "data/a.json#/x" never resolves: the references form a cycle (data/a.json#/x -> data/b.json#/y -> data/a.json#/x)',
      'data-ref pages/home.json /blocks/0/props/title/$data: "data/a.json#/x" never resolves: the references form a cycle (data/a.json#/x -> data/b.json#/y -> data/a.json#/x)',
    ]);
  });

  it('a syntax error in routes.json: reported once, no flood of broken links', () => {
    const found = lint({ 'routes.json': '{ "routes": [ }', 'pages/home.json': heading('Home', '[About](/about)') });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.startsWith('json-syntax routes.json'))).toBe(true);
  });

  it('keys with "%" or "/" still map to their line and column', () => {
    const site = memorySite({
      ...baseSite,
      'routes.json': { routes: [{ path: '/', page: 'home' }] },
      'pages/home.json': heading('Home'),
      'data/deals.json': '{\n  "50% off/now": { "url": "/nope" }\n}',
    });
    const [f] = lintLoadedSite(site, { rules }).findings;
    expect(f).toMatchObject({
      ruleId: 'broken-link',
      file: 'data/deals.json',
      pointer: '/50% off~1now/url',
      line: 2,
      column: 27,
    });
  });
});
