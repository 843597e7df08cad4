/**
 * Loads the tag manager (Google Tag Manager) script. The usual snippet is an inline script,
 * which the site's Content-Security-Policy forbids; this does the same from our bundle: start
 * the data layer with `gtm.start`, then add the async script from googletagmanager.com.
 */
import { dataLayer } from './data-layer.ts';

const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
const CONTAINER_ID = /^GTM-[A-Z0-9]+$/;

export const tagManagerUrl = (id: string) => `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;

let loadedId: string | undefined;

/** Adds the script once per page load; false when the id is not a container id or it is already loaded. */
export function loadTagManager(id: string): boolean {
  if (!CONTAINER_ID.test(id) || loadedId !== undefined) return false;
  if (document.querySelector(`script[src^="${TAG_MANAGER_ORIGIN}/gtm.js"]`)) return false;
  loadedId = id;
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = tagManagerUrl(id);
  document.head.appendChild(script);
  return true;
}
