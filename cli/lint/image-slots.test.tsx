/**
 * The image slots blocks declare for the lint (image-slots.json) agree with what they render: each
 * block's example, its declared images given variants, shows every one of them with the `sizes`
 * of one of its declared slots; and a slot's widest width as the rules compute it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockLoaders } from '../../blocks/index.ts';
import type { BlockDefinition } from '../../engine/index.ts';
import { renderBlock, testSite } from '../../engine/testing/index.ts';
import { slotSizes } from '../../engine/ui/image-sizes.ts';
import { BLOCKS_DIR } from '../paths.ts';
import { aspectOf, type ImageSlot, slotWidth } from './image-slots.ts';

const declaring = readdirSync(BLOCKS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(BLOCKS_DIR, e.name, 'image-slots.json')))
  .map((e) => e.name);
const read = (type: string, file: string) => JSON.parse(readFileSync(join(BLOCKS_DIR, type, file), 'utf8'));

/** Marks each image at a slot's path: a photo of its own name, with variants. */
function markImages(props: unknown, slots: ImageSlot[]): Map<string, ImageSlot[]> {
  const marked = new Map<string, ImageSlot[]>();
  const visit = (v: unknown, path: string[]) => {
    if (Array.isArray(v))
      v.forEach((x, i) => {
        visit(x, [...path, String(i)]);
      });
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const mine = slots.filter((s) => {
        const p = s.images.split('/').slice(1);
        return p.length === path.length && p.every((x, i) => x === '*' || x === path[i]);
      });
      if (mine.length && typeof o.src === 'string') {
        const name = `/images/slot-${marked.size}`;
        o.src = `${name}.jpg`;
        o.srcset = { avif: `${name}.avif 100w`, webp: `${name}.webp 100w` };
        marked.set(name, mine);
      }
      for (const [k, x] of Object.entries(o)) visit(x, [...path, k]);
    }
  };
  visit(props, []);
  return marked;
}

describe('image-slots.json', () => {
  it.each(declaring)("%s: every declared image renders with a declared slot's sizes", async (type) => {
    const slots = read(type, 'image-slots.json').slots as ImageSlot[];
    const example = read(type, 'example.json') as { props: unknown };
    const marked = markImages(example.props, slots);
    expect(marked.size, 'the example shows a declared image').toBeGreaterThan(0);
    const loader = blockLoaders[type as keyof typeof blockLoaders];
    const block = (await loader()).default as BlockDefinition<unknown>;
    const html = renderBlock(block, example.props as never);
    let shown = 0;
    for (const m of html.matchAll(/<source type="image\/avif" srcSet="([^" ]+) 100w" sizes="([^"]+)"/g)) {
      const declared = marked.get(m[1]!.replace(/\.avif$/, ''));
      if (!declared) continue;
      shown++;
      expect(declared.map((s) => slotSizes(s.layout, testSite.breakpoints))).toContain(m[2]);
    }
    expect(shown, 'a declared image is rendered').toBeGreaterThan(0);
    for (const s of slots) if (s.aspect) expect(aspectOf(s.aspect)).toBeGreaterThan(0);
  });

  it("gives a slot's widest width at pixel ratio 2, up to the pipeline's widest variant", () => {
    const bp = { tablet: 768, desktop: 1201 };
    expect(slotWidth({ images: '/i', layout: { mobile: 1 } }, bp)).toBe(2000);
    expect(slotWidth({ images: '/i', layout: { mobile: 1 }, upTo: 'mobile' }, bp)).toBe(1534);
    expect(slotWidth({ images: '/i', layout: { mobile: '3rem' } }, bp)).toBe(96);
    expect(slotWidth({ images: '/i', layout: { mobile: 0.5, tablet: 0.25 } }, bp)).toBe(960);
    expect(slotWidth({ images: '/i', layout: { mobile: 'min(100vw, 400px)' } }, bp)).toBeUndefined();
  });
});
