/** The content blocks' example.json files pass their block schemas (the validator the schema rule uses). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';
import { getValidator } from './context.ts';

const CONTENT_BLOCKS = [
  'advice-chat',
  'author',
  'banner',
  'banner-card',
  'card-grid',
  'card-slider',
  'contact-address-list',
  'contact-list',
  'download-catalog',
  'embed-script',
  'faq-list',
  'image-cards',
  'media-block',
  'scheduling-widget',
  'scroll-to-top',
  'socials',
  'star-rating',
  'text-media',
  'video-cards',
];

describe('content block examples', () => {
  it.each(CONTENT_BLOCKS)('%s: example.json is valid against the block schema', (type) => {
    const example = JSON.parse(readFileSync(join(ROOT, 'blocks', type, 'example.json'), 'utf8')) as {
      type: string;
      props: unknown;
    };
    expect(example.type).toBe(type);
    expect(getValidator().validateBlock(type, example.props)).toEqual([]);
  });

  it('rejects what a schema forbids, with a message', () => {
    expect(
      getValidator()
        .validateBlock('image-cards', { images: [{ src: '/images/a.svg' }], maxZoom: 9 })
        .map((e) => e.message)
        .join('; '),
    ).toMatch(/alt|maxZoom|maximum/);
  });
});
