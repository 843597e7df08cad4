/**
 * A site link: a plain anchor. Following it loads the next prerendered page (made instant by the
 * page's Speculation Rules, engine/render/document.ts); no client router.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';

/** A path of this site's pages (not the API, a file, or another origin). */
export function isInternalUrl(href: string): boolean {
  return (
    href.startsWith('/') &&
    !href.startsWith('//') &&
    !href.startsWith('/api/') &&
    !/\.[a-z0-9]{2,5}(\?|#|$)/i.test(href)
  );
}

export interface SiteLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  children?: ReactNode;
}

export function SiteLink({ href, children, ...rest }: SiteLinkProps) {
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
