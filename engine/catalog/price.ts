/** Money: the currency symbol $ and exactly 2 decimals (spec), thousands grouped. */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rounds to cents, half away from zero (1.005 -> 1.01), without binary floating-point surprises. */
export function roundMoney(n: number): number {
  const cents = Math.round(Math.abs(n) * 100 + 1e-7);
  return (Math.sign(n) * cents) / 100 || 0;
}

/** `formatPrice(9.95)` -> "$9.95"; `formatPrice(0)` -> "$0.00"; `formatPrice(4290)` -> "$4,290.00". */
export function formatPrice(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`formatPrice: not a finite number: ${n}`);
  return USD.format(roundMoney(n));
}
