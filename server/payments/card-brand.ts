/** The brand of a card number by its leading digits, and the parts of a card that may be stored. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unknown';

export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  return 'unknown';
}

/** Brand and last 4 digits: all of a card the shop keeps. */
export const storableCard = (number: string) => ({ brand: cardBrand(number), last4: number.slice(-4) });
