/**
 * The banner's browser code, without a UI library: call-to-action tracking, and the tag manager
 * once analytics is allowed (at once when it already is, else right after Accept All or a saved
 * preference; the boot script stores the choice as the shopper clicks or saves, before these
 * listeners run).
 */
import { readConsent } from '../../engine/tracking/consent.ts';
import { installCtaTracking } from '../../engine/tracking/cta-clicks.ts';
import { loadTagManager } from '../../engine/tracking/tag-manager.ts';
import type { IslandClient } from '../../engine/types.ts';
import type { CookieBannerProps } from '../../schemas/types/blocks/cookie-banner.ts';

export const start: IslandClient<CookieBannerProps>['start'] = (el, props, page) => {
  const { trackClicksTo } = props;
  installCtaTracking(trackClicksTo);
  const containerId = page.site.integrations.tagManagerId;
  const loadIfAllowed = () => {
    const choice = readConsent(document.cookie);
    if (page.head.tagManager && containerId && choice) loadTagManager(containerId, choice);
  };
  loadIfAllowed();
  el.addEventListener('click', loadIfAllowed);
  el.addEventListener('submit', loadIfAllowed);
};
