/** Serving the prerendered site from dist/. */
export { loadSiteBuild, SiteNotBuiltError, type SiteBuild, type SiteFile } from './site-build.ts';
export { serveSite, type SiteServer } from './serve-site.ts';
export { parseRequestPath, type RequestPath } from './request-path.ts';
export { resolveSitePath, type Resolution } from './resolve.ts';
export { cacheControl, CACHE_IMMUTABLE, CACHE_REVALIDATE, CACHE_SHORT } from './send-file.ts';
