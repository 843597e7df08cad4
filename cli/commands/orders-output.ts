/**
 * How `joinery orders` writes: aligned text for a terminal (shopper-typed text stripped of
 * control characters, so a name cannot move the cursor or recolour the screen), RFC 4180 CSV,
 * amounts from integer cents.
 */
import { formatPrice, fromCents } from '../../engine/node.ts';

/** C0 and C1 controls and the bidirectional overrides: shown as U+FFFD (tabs and line breaks as a space). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it replaces
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text safe to print on a terminal, on one line. */
export const terminalText = (s: string): string => s.replace(/[\t\n\r]+/g, ' ').replace(CONTROLS, '\uFFFD');

/** Whole cents as a decimal string with two places ("1602" -> "16.02"), exactly. */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The amount in the order's currency, in the shop's locale (site.json's commerce section). */
export function money(cents: number, currency: string, locale: string): string {
  try {
    return formatPrice(fromCents(cents), { code: currency, locale });
  } catch {
    // A currency code Intl does not know.
    return `${centsText(cents)} ${currency}`;
  }
}

/** An ISO time as "2025-01-15 12:00" (UTC, as stored). */
export const when = (iso: string): string =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso;

/** Rows under a header, each column as wide as its widest cell; `right` columns (amounts) aligned right. */
export function table(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  right: ReadonlySet<number> = new Set(),
  indent = '',
): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    indent +
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)];
}

/** Rows without a header (a list of facts or an item's lines). */
export const columns = (
  rows: readonly (readonly string[])[],
  right: ReadonlySet<number> = new Set(),
  indent = '  ',
): string[] =>
  rows.length
    ? table(
        rows[0]!.map(() => ''),
        rows,
        right,
        indent,
      ).slice(1)
    : [];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces.
 * Text starting with = + - @ or a tab gets a leading apostrophe, so a spreadsheet shows a
 * shopper's "=HYPERLINK(...)" as text instead of running it.
 */
export function csvField(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Records with CRLF line ends, the header first. */
export const csv = (head: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string =>
  [head, ...rows].map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
