/**
 * A link that navigates inside the site without a full reload (react-router) and falls back to
 * a plain anchor for external URLs, the API, files, and hash or mail links.
 *
 * Not react-router's <Link>: site hrefs are absolute paths, so nothing needs resolving, and its
 * per-link hooks (useHref, useResolvedPath, prefetch state) were a third of the prerender's
 * render time on pages with a mega menu. The click handling below is Link's own rule.
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export function isInternalUrl(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/') && !/\.[a-z0-9]{2,5}(\?|#|$)/i.test(href);
}

export interface SiteLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  children?: ReactNode;
}

/** A plain left click on a same-tab link: the kind the router takes over. */
function isRouterClick(e: MouseEvent<HTMLAnchorElement>, target: string | undefined, download: unknown): boolean {
  return !e.defaultPrevented && e.button === 0 && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) && (!target || target === '_self') && download === undefined;
}

function InternalLink({ href, children, onClick, ...rest }: SiteLinkProps) {
  const navigate = useNavigate();
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (!isRouterClick(e, rest.target, rest.download)) return;
    e.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    // Like Link: following a link to the page already shown replaces the history entry.
    void navigate(href, { replace: here === href });
  };
  return (
    <a href={href} onClick={click} {...rest}>
      {children}
    </a>
  );
}

export function SiteLink({ href, children, ...rest }: SiteLinkProps) {
  if (isInternalUrl(href))
    return (
      <InternalLink href={href} {...rest}>
        {children}
      </InternalLink>
    );
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
