/** Phone links: "(614) 555-0143" -> "tel:+16145550143" (10 digits are taken as a US number). */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return digits;
}
export const telHref = (phone: string) => `tel:${phoneDigits(phone)}`;
export const smsHref = (phone: string) => `sms:${phoneDigits(phone)}`;
