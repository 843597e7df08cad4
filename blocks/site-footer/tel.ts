/** "(614) 555-0143" -> "tel:+16145550143" (10-digit numbers are taken as US numbers). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${/^\d{10}$/.test(digits) ? `+1${digits}` : digits}`;
}
