/** Replaces `{key}` placeholders (messages with a label, a count, an id); unknown keys stay as they are so a typo shows up. */
export function fillText(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
