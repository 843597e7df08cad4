/** What a link needs of the shop's phone rule (site.json `commerce.phone`, ShopRules['phone']). */
export interface PhoneLinkRule {
  digits: number;
  callingCode?: string;
}

/**
 * What a tel: or sms: link dials: the number's digits, with the shop's calling code before a national
 * number ("(614) 555-0143" -> "+16145550143" with `{ digits: 10, callingCode: "1" }`). A number
 * written with + keeps its own code; without a calling code in the rule the digits stay as written.
 */
function phoneDigits(phone: string, rule?: PhoneLinkRule): string {
  const digits = phone.replace(/[^\d+]/g, '');
  const code = rule?.callingCode;
  if (digits.startsWith('+') || !code) return digits;
  if (digits.length === rule.digits) return `+${code}${digits}`;
  if (digits.length === rule.digits + code.length && digits.startsWith(code)) return `+${digits}`;
  return digits;
}
export const telHref = (phone: string, rule?: PhoneLinkRule) => `tel:${phoneDigits(phone, rule)}`;
export const smsHref = (phone: string, rule?: PhoneLinkRule) => `sms:${phoneDigits(phone, rule)}`;
