/** What the forms API needs from site.json: the admin addresses and whether reCAPTCHA is on. */
import { join } from 'node:path';
import { fileCache } from './file-cache.ts';

export interface SiteSettings {
  /** site.json adminEmails: the first gets "admin" notifications, the others a copy. */
  adminEmails: string[];
  /** site.json integrations.recaptchaSiteKey: with the server's secret it turns reCAPTCHA on. */
  recaptchaSiteKey: string | undefined;
}

const EMPTY: SiteSettings = { adminEmails: [], recaptchaSiteKey: undefined };

const read = fileCache((text): SiteSettings => {
  let site: unknown;
  try {
    site = JSON.parse(text);
  } catch {
    return EMPTY; // the linter reports it; the API carries on without admins or reCAPTCHA
  }
  if (!site || typeof site !== 'object') return EMPTY;
  const s = site as { adminEmails?: unknown; integrations?: { recaptchaSiteKey?: unknown } };
  const adminEmails = Array.isArray(s.adminEmails)
    ? s.adminEmails.filter((a): a is string => typeof a === 'string' && a.trim() !== '').map((a) => a.trim())
    : [];
  const key = s.integrations && typeof s.integrations === 'object' ? s.integrations.recaptchaSiteKey : undefined;
  return { adminEmails, recaptchaSiteKey: typeof key === 'string' && key.trim() ? key.trim() : undefined };
});

export function siteSettings(siteDir: string): SiteSettings {
  return read(join(siteDir, 'site.json')) ?? EMPTY;
}
