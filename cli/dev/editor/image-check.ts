/**
 * An image uploaded from the editor is what its name says, by its bytes (file-type's magic
 * numbers; an SVG is text with an <svg> root). An SVG that could run anything (a script, an
 * on...= handler, a foreign object or frame, a javascript: URL, an XSLT stylesheet, entity
 * declarations that could spell any of them) is refused, not cleaned.
 */
import { fileTypeFromBuffer } from 'file-type';

/** The extensions file-type reports for each extension an upload may have. */
const DETECTED: Record<string, string> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  webp: 'webp',
  avif: 'avif',
};

const SVG_ROOT = /^\s*(<\?xml\b[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE\b[^>]*>\s*)*<svg[\s>/]/i;

/** What in an SVG could run, each with how it is named in the refusal. */
const ACTIVE: [RegExp, string][] = [
  [/<([\w.-]+:)?script[\s>/]/i, 'a <script> element'],
  [/[\s"'/]on[a-z]*\s*=|attributeName\s*=\s*["']?\s*on/i, 'an event handler attribute (on...=)'],
  [/<([\w.-]+:)?(foreignObject|iframe|embed|object)[\s>/]/i, 'a foreign object'],
  [/<\?xml-stylesheet\b/i, 'a stylesheet processing instruction'],
  [/<!ENTITY\b/i, 'an entity declaration'],
];

const char = (code: number) => (code < 0x110000 ? String.fromCodePoint(code) : '');

/** Character references decoded, whitespace and controls dropped: "jav&#x61;\tscript:" reads javascript:. */
const plain = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => char(Number.parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => char(Number(d)))
    .replace(/&(colon|tab|newline);/gi, (_, n: string) => ({ colon: ':', tab: '\t', newline: '\n' })[n.toLowerCase()]!)
    .replace(/[\s\p{Cc}]+/gu, '');

function svgRefusal(bytes: Buffer): string | undefined {
  const text = bytes.toString('utf8');
  const notSvg = 'The file is not an SVG image: its bytes do not start with an <svg> element.';
  if (text.includes('\u0000') || text.includes('\uFFFD')) return notSvg;
  for (const [pattern, what] of ACTIVE)
    if (pattern.test(text)) return `Refused: the SVG holds ${what}. Upload an SVG without scripts.`;
  if (/javascript:/i.test(plain(text)))
    return 'Refused: the SVG holds a javascript: URL. Upload an SVG without scripts.';
  return SVG_ROOT.test(text) ? undefined : notSvg;
}

/** Why the bytes are refused for an image named with extension `ext` (lower case), or undefined. */
export async function imageRefusal(ext: string, bytes: Buffer): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (ext === 'svg') {
    if (detected && detected.ext !== 'xml')
      return `The file's bytes are a ${detected.ext.toUpperCase()} image (${detected.mime}), not the .svg its name says.`;
    return svgRefusal(bytes);
  }
  if (!detected) return `The file's bytes are not an image: not the .${ext} its name says.`;
  if (detected.ext !== DETECTED[ext])
    return `The file's bytes are a ${detected.ext.toUpperCase()} file (${detected.mime}), not the .${ext} its name says.`;
  return undefined;
}
