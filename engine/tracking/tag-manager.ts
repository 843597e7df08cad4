/**
 * Loads the tag manager (Google Tag Manager) script. The usual snippet is an inline script,
 * which the site's Content-Security-Policy forbids; this does the same from our bundle: start
 * the data layer with the visitor's consent (the tag manager's consent mode) and `gtm.start`,
 * then add the async script from googletagmanager.com. It loads only with analytics allowed.
 */
import type { ConsentChoice } from './consent.ts';
import { type DataLayerEntry, dataLayer } from './data-layer.ts';

const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
const CONTAINER_ID = /^GTM-[A-Z0-9]+$/;

export const tagManagerUrl = (id: string) => `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;

let loadedId: string | undefined;

/** The tag manager's command form of the data layer (what gtag() pushes: an arguments object). */
function gtag(..._args: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: the tag manager reads commands only as an arguments object
  dataLayer().push(arguments as unknown as DataLayerEntry);
}

/** Tag manager consent mode: analytics storage as allowed, advertising only with marketing. */
const consentMode = (choice: ConsentChoice) => {
  const ads = choice.marketing ? 'granted' : 'denied';
  return {
    analytics_storage: choice.analytics ? 'granted' : 'denied',
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
  };
};

/**
 * Adds the script once per page load when the choice allows analytics; false when it does not,
 * the id is not a container id or it is already loaded.
 */
export function loadTagManager(id: string, choice: ConsentChoice): boolean {
  if (!choice.analytics || !CONTAINER_ID.test(id) || loadedId !== undefined) return false;
  if (document.querySelector(`script[src^="${TAG_MANAGER_ORIGIN}/gtm.js"]`)) return false;
  loadedId = id;
  gtag('consent', 'default', consentMode(choice));
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = tagManagerUrl(id);
  document.head.appendChild(script);
  return true;
}
