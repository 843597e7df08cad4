/**
 * A link that navigates inside the site without a full reload (react-router) and falls back to
 * a plain anchor for external URLs, the API, files, and hash or mail links.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export function isInternalUrl(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/') && !/\.[a-z0-9]{2,5}(\?|#|$)/i.test(href);
}

export interface SiteLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  children?: ReactNode;
}

export function SiteLink({ href, children, ...rest }: SiteLinkProps) {
  if (isInternalUrl(href))
    return (
      <RouterLink to={href} {...rest}>
        {children}
      </RouterLink>
    );
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
