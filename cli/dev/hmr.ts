/**
 * What keeps a `joinery dev` page current as code changes. Its styles: the client entry's CSS
 * (tokens, base) and that of every block it renders (the block's CSS modules and the engine's
 * that it imports) are written into the page as Vite's own style elements (`data-vite-dev-id`),
 * so static blocks are styled from the first paint, not only the islands whose code has loaded,
 * and an island loading the same CSS updates that element instead of adding one. And the pages
 * reload when a module changes that only the server ran (a static block's component or its
 * CSS): the browser has no module to update, but the page's HTML is stale.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { EnvironmentModuleNode, Plugin, ViteDevServer } from 'vite';
import { escapeHtml } from '../../engine/render/document.ts';
import { CLIENT_ENTRY } from '../../engine/vite/config.ts';
import { BLOCKS_DIR, ROOT } from '../paths.ts';

const isCss = (id: string | null): id is string => !!id && /\.css$/.test(id);

/** The CSS files a module imports, its imports' first (the order a build concatenates them). */
function cssOf(node: EnvironmentModuleNode | undefined, seen: Set<string>, into: string[]): void {
  if (!node?.id || seen.has(node.id)) return;
  seen.add(node.id);
  for (const dep of node.importedModules) cssOf(dep, seen, into);
  if (isCss(node.id)) into.push(node.id);
}

/** The style elements of a page whose blocks are `types` (rendered already, so the server has their modules). */
export async function pageStyles(vite: ViteDevServer, types: readonly string[]): Promise<string> {
  // The entry's own stylesheets, read from its source: transforming it for the browser would wait
  // for Vite's scan of the browser's dependencies.
  const entry = join(ROOT, CLIENT_ENTRY);
  const files = [...readFileSync(entry, 'utf8').matchAll(/^import\s+['"]([^'"]+\.css)['"];?$/gm)].map((m) =>
    join(dirname(entry), m[1]!),
  );
  const seen = new Set(files);
  const graph = vite.environments.ssr.moduleGraph;
  for (const type of types) cssOf(graph.getModuleById(join(BLOCKS_DIR, type, 'index.tsx')), seen, files);
  const styles = await Promise.all(
    files.map(async (id) => {
      const css = ((await vite.ssrLoadModule(`${id}?inline`)) as { default: string }).default;
      return `<style data-vite-dev-id="${escapeHtml(id)}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    }),
  );
  return styles.join('\n');
}

/** Reloads the pages when a changed module is one the server rendered with and the browser never loaded. */
export function reloadOnServerOnlyChange(): Plugin {
  return {
    name: 'joinery:server-only-reload',
    hotUpdate({ file, modules, server }) {
      if (this.environment.name !== 'ssr' || !modules.length) return;
      // A module the browser's code only names (blocks/index.ts imports every block lazily) is in
      // its graph unanalysed, and Vite stops an update there: the browser never loaded it.
      const client = server.environments.client.moduleGraph.getModulesByFile(file) ?? [];
      if ([...client].some((m) => m.isSelfAccepting !== undefined)) return;
      server.environments.client.hot.send({ type: 'full-reload', path: '*' });
    },
  };
}
