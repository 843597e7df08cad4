/** Text for HTML written as strings (the page document, the sandbox gateway's page): the five characters that can end text or an attribute value. */
const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]!);
