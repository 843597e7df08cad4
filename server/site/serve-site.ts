/** The Hono handler that serves the built site for GET and HEAD (see resolve.ts for the order). */
import type { Context, Handler } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { parseRequestPath } from './request-path.ts';
import { notFoundFile, resolveSitePath, type Resolution } from './resolve.ts';
import { sendFile } from './send-file.ts';
import type { SiteBuild } from './site-build.ts';

export interface SiteServer {
  handler: Handler<AppEnv>;
  /** The 404 page with status 404 (for the app's notFound). */
  notFound(c: Context): Promise<Response>;
}

export function serveSite(build: SiteBuild): SiteServer {
  const send = async (c: Context, r: Resolution): Promise<Response> => {
    // A `.br` file is the build's compressed copy of another (cli/build/precompress.ts), not a page's file.
    const file = r.kind === 'file' && !r.rel.endsWith('.br') ? build.files.get(r.rel) : undefined;
    if (r.kind === 'none' || !file) return c.text('Not found', 404);
    return sendFile(c, r.rel, file, r.status, build.files.get(`${r.rel}.br`));
  };
  const notFound = (c: Context) => send(c, notFoundFile(build));

  const handler: Handler<AppEnv> = async (c) => {
    const url = new URL(c.req.url);
    const p = parseRequestPath(url.pathname, url.search);
    if (p.kind === 'redirect') return c.redirect(p.location, 301);
    if (p.kind === 'bad') return p.status === 400 ? c.text('Bad request', 400) : notFound(c);
    return send(c, resolveSitePath(build, p.segments, p.raw));
  };
  return { handler, notFound };
}
