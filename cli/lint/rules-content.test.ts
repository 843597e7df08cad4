/**
 * The content rules of issue 3 against their fixtures (tests/fixtures/<name>, each a copy of
 * tests/fixtures/valid with one kind of problem): rule, file, line, column and message.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEFAULT_SITE_DIR, ROOT } from '../paths.ts';
import { getValidator } from './context.ts';
import { isImageSrc } from './rules/image-dimensions.ts';
import { lintSite } from './run.ts';

const FIXTURES = join(ROOT, 'tests', 'fixtures');
const findings = (fixture: string) =>
  lintSite(join(FIXTURES, fixture)).findings.map(({ ruleId, severity, file, line, column, message }) => ({ ruleId, severity, file, line, column, message }));

describe('image-dimensions', () => {
  it('warns about image objects without width or height; a missing local file is one missing-file error', () => {
    expect(findings('image-dimensions')).toEqual([
      {
        ruleId: 'image-dimensions',
        severity: 'warning',
        file: 'data/team.json',
        line: 3,
        column: 33,
        message: 'image "https://images.example.com/ana.jpg" has no width and height: give both so the page does not shift while it loads',
      },
      {
        ruleId: 'image-dimensions',
        severity: 'warning',
        file: 'pages/about.json',
        line: 10,
        column: 44,
        message: 'image "/images/door.svg" has no width and height: give both so the page does not shift while it loads',
      },
      {
        ruleId: 'image-dimensions',
        severity: 'warning',
        file: 'pages/about.json',
        line: 11,
        column: 46,
        message: 'image "/images/navy.svg" has no height: give both so the page does not shift while it loads',
      },
      { ruleId: 'missing-file', severity: 'error', file: 'pages/about.json', line: 12, column: 56, message: 'image "/images/gone.svg": file images/gone.svg does not exist' },
    ]);
  });

  it('knows an image URL from a video or a document', () => {
    expect(['/images/a.svg', '/images/a.PNG?v=2', 'https://cdn.test/a.webp', '/images/generated/door']).toEqual(
      ['/images/a.svg', '/images/a.PNG?v=2', 'https://cdn.test/a.webp', '/images/generated/door'].filter(isImageSrc),
    );
    expect(['/videos/a.mp4', '/images/catalogs/c.pdf', 'https://youtu.be/x'].filter(isImageSrc)).toEqual([]);
  });
});

describe('json-ld-flags', () => {
  it('warns about a faq or video flag whose page has no block to build it from', () => {
    // /faqs (faqs through $data) and /videos have theirs; /about has neither.
    expect(findings('json-ld-flags')).toEqual([
      {
        ruleId: 'json-ld-flags',
        severity: 'warning',
        file: 'routes.json',
        line: 16,
        column: 20,
        message: 'route "/about" has the faq schema on, but page "about" has no block with "faqs": no FAQPage structured data is emitted',
      },
      {
        ruleId: 'json-ld-flags',
        severity: 'warning',
        file: 'routes.json',
        line: 16,
        column: 50,
        message: 'route "/about" has the video schema on, but page "about" has no block with "videos": no VideoObject structured data is emitted',
      },
    ]);
  });
});

describe('broken-link in content blocks', () => {
  it('covers links inside rich text, card texts and card actions, in pages and in data files', () => {
    expect(findings('broken-link-content')).toEqual([
      { ruleId: 'broken-link', severity: 'error', file: 'data/cards.json', line: 1, column: 59, message: 'link "/finishes" in the text points to no route' },
      { ruleId: 'broken-link', severity: 'error', file: 'data/cards.json', line: 1, column: 108, message: 'link "/gallery" points to no route' },
      { ruleId: 'broken-link', severity: 'error', file: 'pages/about.json', line: 4, column: 118, message: 'link "/warranty" in the text points to no route' },
      { ruleId: 'broken-link', severity: 'error', file: 'pages/about.json', line: 4, column: 171, message: 'link "/returns" in the text points to no route' },
      { ruleId: 'broken-link', severity: 'error', file: 'pages/about.json', line: 5, column: 94, message: 'link "/samples" in the text points to no route' },
      { ruleId: 'broken-link', severity: 'error', file: 'pages/about.json', line: 5, column: 144, message: 'link "/order-doors" points to no route' },
      { ruleId: 'broken-link', severity: 'error', file: 'pages/about.json', line: 6, column: 177, message: 'link "/design" points to no route' },
    ]);
  });
});

const CONTENT_BLOCKS = ['advice-chat', 'author', 'banner', 'banner-card', 'card-grid', 'card-slider', 'contact-address-list', 'contact-list', 'download-catalog', 'embed-script', 'faq-list', 'image-cards', 'media-block', 'scheduling-widget', 'scroll-to-top', 'socials', 'star-rating', 'text-media', 'video-cards'];

describe('content block examples', () => {
  it.each(CONTENT_BLOCKS)('%s: example.json is valid against the block schema', (type) => {
    const example = JSON.parse(readFileSync(join(ROOT, 'blocks', type, 'example.json'), 'utf8')) as { type: string; props: unknown };
    expect(example.type).toBe(type);
    expect(getValidator().validateBlock(type, example.props)).toEqual([]);
  });

  it('rejects what a schema forbids, with a message', () => {
    expect(getValidator().validateBlock('image-cards', { images: [{ src: '/images/a.svg' }], maxZoom: 9 }).map((e) => e.message).join('; ')).toMatch(/alt|maxZoom|maximum/);
  });
});

describe('the shipped site', () => {
  it('has no image without its size and no structured-data flag without its block', () => {
    const shipped = lintSite(DEFAULT_SITE_DIR).findings.filter((f) => f.ruleId === 'image-dimensions' || f.ruleId === 'json-ld-flags');
    expect(shipped).toEqual([]);
  });
});
