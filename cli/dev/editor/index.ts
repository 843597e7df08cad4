/**
 * The visual editor, mounted by `joinery dev` on /__joinery/ (never by `joinery start`):
 * /__joinery/edit?route=/path (the editor), /__joinery/preview?route=/path (the page the editor
 * shows, rendered in the browser from its edits), /__joinery/blocks (the block gallery) and the
 * API (api.ts). Its browser code (client/) has its own Vite entries, served only by the dev server.
 * Its pages hold the process's secret token the API needs for writes, and may be framed only by
 * this server's own pages.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ViteDevServer } from 'vite';
import { fileValue, loadSite, type BlockContracts } from '../../../engine/node.ts';
import { escapeHtml } from '../../../engine/render/document.ts';
import { visibilityCss } from '../../../engine/render/visibility.ts';
import { API_PREFIX, editorApi, forgetBlocks } from './api.ts';
import { TOKEN_META } from './client/api-token.ts';

export const EDITOR_PREFIX = '/__joinery/';
const CLIENT = '/cli/dev/editor/client';

export { forgetBlocks };

interface SiteSettings {
  theme?: Record<string, string>;
  breakpoints?: { tablet: number; desktop: number };
  language?: string;
}

function themeCss(theme: Record<string, string> | undefined): string {
  const decls = Object.entries(theme ?? {})
    .filter(([k, v]) => /^[a-z0-9-]+$/i.test(k) && !/[<>{};]/.test(v))
    .map(([k, v]) => `--${k}:${v}`)
    .join(';');
  return decls ? `:root{${decls}}` : '';
}

const shell = (token: string, title: string, script: string, head = '', lang = 'en') =>
  `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="${TOKEN_META}" content="${token}">` +
  `<title>${escapeHtml(title)}</title>${head}<script type="module" src="${CLIENT}/${script}"></script></head><body><div id="root"></div></body></html>`;

/** The "Edit this page" link `joinery dev` adds to every page. */
export function editButton(path: string): string {
  return `<a href="/__joinery/edit?route=${encodeURIComponent(path)}" data-jv-edit-link style="position:fixed;right:1rem;bottom:1rem;z-index:2147483000;background:#1f1d1a;color:#fff;padding:.5rem .9rem;border-radius:999px;font:600 14px/1.2 system-ui,sans-serif;text-decoration:none;box-shadow:0 2px 8px #0004">Edit this page</a>`;
}

export function editorHandler(opts: {
  siteDir: string;
  vite: ViteDevServer;
  blockContracts: () => Promise<BlockContracts>;
}) {
  const token = randomBytes(32).toString('base64url');
  const api = editorApi({ ...opts, token });
  const html = async (res: ServerResponse, url: URL, doc: string) => {
    const out = await opts.vite.transformIndexHtml(url.pathname + url.search, doc);
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "frame-ancestors 'self'",
      })
      .end(out);
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith(API_PREFIX)) return api(req, res);
    const page = url.pathname.slice(EDITOR_PREFIX.length).replace(/\/+$/, '');
    if (page === 'edit') return html(res, url, shell(token, 'Edit page · joinery dev', 'editor.tsx'));
    if (page === 'blocks') return html(res, url, shell(token, 'Blocks · joinery dev', 'gallery.tsx'));
    if (page === 'preview') {
      const site = fileValue<SiteSettings>(loadSite(opts.siteDir), 'site.json');
      const style = `<style>${themeCss(site?.theme)}${site?.breakpoints ? visibilityCss(site.breakpoints) : ''}</style>`;
      return html(res, url, shell(token, 'Preview', 'preview.tsx', style, site?.language));
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${url.pathname}`);
  };
}
