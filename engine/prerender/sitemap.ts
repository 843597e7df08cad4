/** sitemap.xml and robots.txt from the route table. */
import { escapeHtml } from '../render/document.ts';

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(origin + (p === '/' ? '/' : p))}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: string, disallow: string[]): string {
  return ['User-agent: *', ...disallow.map((d) => `Disallow: ${d}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
