/**
 * A site link: a plain anchor. Following it loads the next prerendered page (made instant by the
 * page's Speculation Rules, engine/render/document.ts); no client router.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';

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
