/**
 * The banner's browser code, without a UI library: call-to-action tracking, and the tag manager
 * once consent is `accepted` (at once when it already is, else right after Accept All; the boot
 * script stores the choice as the shopper clicks, before this listener runs).
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
  const loadIfAccepted = () => {
    if (page.head.tagManager && containerId && readConsent(document.cookie) === 'accepted') loadTagManager(containerId);
  };
  loadIfAccepted();
  el.addEventListener('click', loadIfAccepted);
};
