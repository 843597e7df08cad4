/** Money: the shop's currency symbol and exactly 2 decimals (spec), thousands grouped. */
import { currentShop } from '../commerce/shop.ts';

/** How amounts are shown: an ISO 4217 code and a locale (site.json `currency`, `commerce.locale`). */
export interface MoneyFormat {
  code: string;
  locale: string;
}

const formats = new Map<string, Intl.NumberFormat>();
function formatter({ code, locale }: MoneyFormat): Intl.NumberFormat {
  const key = `${locale}|${code}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, f);
  }
  return f;
}

/** Rounds to cents, half away from zero (1.005 -> 1.01), without binary floating-point surprises. */
export function roundMoney(n: number): number {
  const cents = Math.round(Math.abs(n) * 100 + 1e-7);
  return (Math.sign(n) * cents) / 100 || 0;
}

/**
 * In the current shop's currency unless `money` is given: for USD in en-US `formatPrice(9.95)` ->
 * "$9.95", `formatPrice(0)` -> "$0.00", `formatPrice(4290)` -> "$4,290.00".
 */
export function formatPrice(n: number, money: MoneyFormat = currentShop().currency): string {
  if (!Number.isFinite(n)) throw new RangeError(`formatPrice: not a finite number: ${n}`);
  if (money.code === 'USD' && money.locale === 'en-US') return usd(roundMoney(n));
  return formatter(money).format(roundMoney(n));
}

/**
 * US dollars in en-US written out, as Intl writes them ("-$1,234.50"): the first
 * Intl.NumberFormat of a page loads the locale's data, a long task on a phone in the middle of
 * hydration (catalog.test.ts compares the two).
 */
function usd(n: number): string {
  const cents = Math.round(Math.abs(n) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}
