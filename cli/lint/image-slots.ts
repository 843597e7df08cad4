/**
 * Where the site shows each raster original: the image slots blocks declare in their folder's
 * `image-slots.json` (which props hold images, the layout they are shown in as the block's code
 * gives it to `Img`/`Picture`, and the aspect a slot crops them to), matched against the blocks of
 * every route's page and template, through `$data` references (a collection page's into its item).
 *
 * A slot's largest width is the widest the browser shows it at on a screen of pixel ratio 2: per
 * device its share of the widest viewport of that device (up to the next breakpoint; 1,920 px for
 * desktops) or its fixed CSS length, never above the image pipeline's widest variant.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDataRef, lookupDataRef, pageFile, templateFile } from '../../engine/lint.ts';
import { RASTER_IMAGE, variantWidths } from '../../engine/images/sizes.ts';
import type { SlotLayout } from '../../engine/ui/image-sizes.ts';
import { blockTypes } from '../blocks.ts';
import type { LintContext } from './context.ts';
import { BLOCKS_DIR } from '../paths.ts';
import { isObj, list } from './values.ts';
import { escapeSegment } from './walk.ts';

export interface ImageSlot {
  /** Props path of the images, "*" for any array item or key ("/cards/*\/image"). */
  images: string;
  layout: SlotLayout;
  /** Shown only on devices up to this one (a banner's mobile image). */
  upTo?: 'mobile' | 'tablet';
  /** The width / height the slot crops its image to ("4/3"). */
  aspect?: string;
}

/** An image object in the content and the slots that show it. */
export interface ImageUse {
  image: Record<string, unknown>;
  src: string;
  /** Its file and JSON Pointer, where it has one. */
  file?: string;
  pointer?: string;
  slots: { block: string; slot: ImageSlot }[];
}

const DPR = 2;
const DESKTOP_VIEWPORT = 1920;
const REM = 16;
/** The widest variant the pipeline writes. */
const WIDEST = variantWidths(Number.POSITIVE_INFINITY).at(-1)!;

let declared: Map<string, ImageSlot[]> | undefined;
/** Each block's declared slots (read once per process). */
function blockImageSlots(): Map<string, ImageSlot[]> {
  if (declared) return declared;
  declared = new Map();
  for (const type of blockTypes()) {
    const file = join(BLOCKS_DIR, type, 'image-slots.json');
    if (existsSync(file)) declared.set(type, (JSON.parse(readFileSync(file, 'utf8')) as { slots: ImageSlot[] }).slots);
  }
  return declared;
}

/** A layout value in CSS px at a viewport `vw` px wide; undefined for a length this cannot read. */
function cssPx(v: number | string, vw: number): number | undefined {
  if (typeof v === 'number') return v * vw;
  const m = /^(\d+(?:\.\d+)?)(px|rem|vw)$/.exec(v.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] === 'px' ? n : m[2] === 'rem' ? n * REM : (n / 100) * vw;
}

/** The slot's largest width in device px (see the file's comment); undefined when its layout cannot be read. */
export function slotWidth(slot: ImageSlot, bp: { tablet: number; desktop: number }): number | undefined {
  const { mobile } = slot.layout;
  const tablet = slot.layout.tablet ?? mobile;
  const desktop = slot.layout.desktop ?? tablet;
  const devices: [number | string, number][] = [[mobile, bp.tablet - 1]];
  if (slot.upTo !== 'mobile') devices.push([tablet, bp.desktop - 1]);
  if (!slot.upTo) devices.push([desktop, DESKTOP_VIEWPORT]);
  const widths = devices.map(([v, vw]) => cssPx(v, vw));
  if (widths.some((w) => w === undefined)) return undefined;
  return Math.min(WIDEST, Math.round(Math.max(...(widths as number[])) * DPR));
}

/** "4/3" -> 1.333; undefined when unreadable. */
export function aspectOf(s: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+(?:\.\d+)?))?\s*$/.exec(s);
  if (!m) return undefined;
  const r = Number(m[1]) / Number(m[2] ?? 1);
  return Number.isFinite(r) && r > 0 ? r : undefined;
}

const matches = (pattern: string[], path: string[]) =>
  pattern.length === path.length && pattern.every((p, i) => p === '*' || p === path[i]);

/** Whether the site's images/ folder holds a raster original (else no rule here has work). */
export function hasRasterOriginals(ctx: LintContext): boolean {
  return ctx.memo('image-slots:raster', () => {
    try {
      return readdirSync(join(ctx.site.dir, 'images'), { withFileTypes: true, recursive: true }).some(
        (e) => e.isFile() && RASTER_IMAGE.test(e.name),
      );
    } catch {
      return false;
    }
  });
}

/** Where each object of the content files sits: its file and pointer. */
function locations(ctx: LintContext): WeakMap<object, { file: string; pointer: string }> {
  return ctx.memo('image-slots:locations', () => {
    const at = new WeakMap<object, { file: string; pointer: string }>();
    const walk = (v: unknown, file: string, pointer: string) => {
      if (v === null || typeof v !== 'object' || at.has(v)) return;
      at.set(v, { file, pointer });
      if (Array.isArray(v))
        v.forEach((x, i) => {
          walk(x, file, `${pointer}/${i}`);
        });
      else for (const [k, x] of Object.entries(v)) walk(x, file, `${pointer}/${escapeSegment(k)}`);
    };
    for (const f of ctx.site.files.values()) walk(f.value, f.rel, '');
    return at;
  });
}

/** Every raster image object a route's blocks show in a declared slot, with those slots. */
export function imageUses(ctx: LintContext): ImageUse[] {
  return ctx.memo('image-slots:uses', () => {
    if (!hasRasterOriginals(ctx)) return [];
    const slots = blockImageSlots();
    const uses = new Map<object, ImageUse>();
    const seen = new Set<string>();
    for (const route of ctx.routes) {
      const page = ctx.value<{ template?: unknown; blocks?: unknown }>(pageFile(route.page));
      if (!isObj(page)) continue;
      const template = typeof page.template === 'string' ? page.template : (route.template ?? 'default');
      // A page without collection item, and a template, read the same whatever route shows them.
      const key = route.item === undefined ? `page:${route.page}` : undefined;
      const walkPage = !key || !seen.has(key);
      const walkTemplate = !seen.has(`template:${template}`);
      if (key) seen.add(key);
      seen.add(`template:${template}`);
      const refs = { site: ctx.site, item: route.item };
      const visit = (v: unknown, block: string | undefined, path: string[], depth: number): void => {
        if (depth > 16 || v === null || typeof v !== 'object') return;
        if (isDataRef(v)) {
          const r = lookupDataRef(v.$data, refs);
          if (r.ok) visit(r.value, block, path, depth + 1);
          return;
        }
        if (Array.isArray(v)) {
          v.forEach((x, i) => {
            visit(x, block, [...path, String(i)], depth);
          });
          return;
        }
        const o = v as Record<string, unknown>;
        if (typeof o.type === 'string' && ctx.blockTypes.has(o.type) && isObj(o.props)) {
          visit(o.props, o.type, [], depth);
          return;
        }
        const src = o.src;
        if (block && typeof src === 'string' && RASTER_IMAGE.test(src.split(/[?#]/)[0]!)) {
          const found = (slots.get(block) ?? []).filter((s) => matches(s.images.split('/').slice(1), path));
          if (found.length) {
            let use = uses.get(o);
            if (!use) {
              use = { image: o, src, slots: [] };
              uses.set(o, use);
            }
            for (const slot of found)
              if (!use.slots.some((u) => u.slot === slot && u.block === block)) use.slots.push({ block, slot });
          }
        }
        for (const [k, x] of Object.entries(o)) visit(x, block, [...path, k], depth);
      };
      if (walkPage) visit(page.blocks, undefined, [], 0);
      const tpl = walkTemplate ? ctx.value<{ regions?: unknown }>(templateFile(template)) : undefined;
      if (isObj(tpl)) for (const r of list(tpl.regions)) if (isObj(r)) visit(r.blocks, undefined, [], 0);
    }
    // Where each used image is written, found once for all.
    const where = locations(ctx);
    return [...uses.values()].map((u) => ({ ...u, ...where.get(u.image) }));
  });
}
