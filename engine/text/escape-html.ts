/**
 * Text for HTML written as strings (the page document, the sandbox gateway's page, values filled
 * into a rendered e-mail template): the five characters that can end text or an attribute value,
 * written as React writes them, so a filled template equals React's own rendering.
 */
const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]!);
