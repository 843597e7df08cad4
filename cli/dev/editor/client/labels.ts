/**
 * The form's labels. A prop's label is its own `title` when that is written for people, else its
 * key in words ("headingLevel" -> "Heading level", "processedUrls" -> "Processed URLs"). A title
 * that is one identifier ("BannerRatings") names the prop's TypeScript type (`joinery types`),
 * not the field. An array's item is its label's singular and number ("Slide 1").
 */

const ACRONYMS = new Set(['api', 'css', 'cta', 'faq', 'html', 'id', 'json', 'pdf', 'seo', 'sku', 'url']);
const TERSE: Record<string, string> = { src: 'source', alt: 'alt text', qty: 'quantity' };

function word(w: string, first: boolean): string {
  const lower = w.toLowerCase();
  const stem = lower.endsWith('s') ? lower.slice(0, -1) : lower;
  if (ACRONYMS.has(lower)) return lower.toUpperCase();
  if (ACRONYMS.has(stem)) return `${stem.toUpperCase()}s`;
  const text = TERSE[lower] ?? lower;
  return first ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** "headingLevel", "sort-options", "max_age" in words, the first capitalised. */
export function keyInWords(key: string): string {
  const words = key.split(/[-_\s]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
  return words.length ? words.map((w, i) => word(w, i === 0)).join(' ') : key;
}

export function labelOf(key: string, title: unknown): string {
  return typeof title === 'string' && title.trim() && !/^[A-Za-z_$][\w$]*$/.test(title) ? title : keyInWords(key);
}

/** The singular of a label's last word: "Slides" -> "Slide", "Categories" -> "Category", "FAQs" -> "FAQ". */
export function singularOf(label: string): string {
  const m = /^(.*?)(\S+)$/.exec(label);
  if (!m) return label;
  const [, head = '', last = ''] = m;
  const one = /ies$/.test(last)
    ? `${last.slice(0, -3)}y`
    : /(ss|us|x|ch|sh)es$/.test(last)
      ? last.slice(0, -2)
      : /[^su]s$/.test(last)
        ? last.slice(0, -1)
        : last;
  return head + one;
}
