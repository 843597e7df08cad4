/**
 * Build time: the route's tagManager flag goes into the props. The banner is an island, which in
 * the browser has its props and the page's path, route and site, not the page's head.
 */
import type { ResolveProps } from '../../engine/node.ts';

export const resolveProps: ResolveProps = async (props, ctx) => ({ ...props, tagManager: !!ctx.route.flags.tagManager });
