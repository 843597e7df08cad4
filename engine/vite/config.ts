/** Vite configurations of a Joinery site: the browser build, the SSR build and dev. */
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import type { InlineConfig } from 'vite';
import { joineryPlugin } from './plugin.ts';

export interface ViteOptions {
  root: string;
  blocksModule: string;
  outDir: string;
}

export const CLIENT_ENTRY = 'engine/client/entry.tsx';
/** The script a prerendered page loads first: it starts CLIENT_ENTRY after the first screen shows. */
export const CLIENT_BOOT = 'engine/client/boot.ts';
export const SSR_ENTRY = 'engine/render/server-entry.tsx';

// react-router's package exports point at its development build for every condition; the
// production build (no dev-only checks, smaller) is used explicitly for builds.
const routerProduction = (root: string) => [
  { find: /^react-router$/, replacement: join(root, 'node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(root, 'node_modules/react-router/dist/production/dom-export.mjs') },
];

const base = (o: ViteOptions): InlineConfig => ({
  root: o.root,
  configFile: false,
  logLevel: 'warn',
  publicDir: false,
  plugins: [react(), joineryPlugin({ blocksModule: o.blocksModule })],
  css: { modules: { localsConvention: 'camelCaseOnly', generateScopedName: '[local]_[hash:base64:5]' } },
});

export function clientBuildConfig(o: ViteOptions): InlineConfig {
  return {
    ...base(o),
    resolve: { alias: routerProduction(o.root) },
    mode: 'production',
    build: {
      outDir: join(o.outDir, 'site'),
      emptyOutDir: false,
      manifest: true,
      target: 'es2022',
      assetsDir: 'assets',
      // One stylesheet for every block, deferred ones included: a page links one file (not one
      // per block), its deferred blocks are styled before their code arrives, and navigating
      // fetches no CSS. All blocks' CSS is ~18 kB gzip, cached across pages.
      cssCodeSplit: false,
      // Vite's helper preloads a dynamic import's chunks by adding <link rel="modulepreload">s,
      // a millisecond or more each on a phone. Not for the blocks the entry loads: the boot script
      // has fetched the page's first chunks (engine/client/boot.ts), and a deferred block's few
      // imports come after it. Still for a block's own lazy part (the checkout form, a form's
      // view, jsPDF), less the chunks every page has loaded by then.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, deps, { hostId }) => (/(^|\/)entry-[^/]*\.js$/.test(hostId) ? [] : deps.filter((d) => !/(^|\/)(shared|rolldown-runtime)-[^/]*\.js$/.test(d))),
      },
      rolldownOptions: {
        input: [join(o.root, CLIENT_ENTRY), join(o.root, CLIENT_BOOT)],
        output: {
          // React, the router and the engine code that several blocks share go in one chunk
          // instead of a dozen tiny ones: a page starts with ~10 script requests, not ~30
          // (each costs a round trip on a slow phone connection), and one file compresses better.
          // Engine code that only some page types use (commerce messages, the checkout's API
          // client, blog lists, search, reviews, the video player, social icons, stars) stays out of it: in the shared chunk
          // every page would download it (about 3 kB gzip on a category page). Vite's preload
          // helper, which every page needs for its block imports, joins it (one request less).
          codeSplitting: {
            groups: [{ name: 'shared', test: /[\\/](engine[\\/](?!commerce[\\/]|checkout[\\/]|blog[\\/]|search[\\/]|reviews[\\/]|ui[\\/](?:video-player|social-icons|stars)\.)|node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/])|^\0vite\/preload-helper/, minShareCount: 3 },
              // The blog's engine code (post lists, URL patterns) in one chunk for the blog pages, not several tiny ones.
              { name: 'blog', test: /[\\/]engine[\\/]blog[\\/]/ },
            ],
          },
        },
      },
    },
  };
}

export function ssrBuildConfig(o: ViteOptions): InlineConfig {
  return {
    ...base(o),
    mode: 'production',
    // Bundled rather than imported from node_modules at run time, where Node would pick the
    // router's development build (much slower to prerender with).
    ssr: { noExternal: ['react-router', 'react-router-dom'] },
    resolve: { alias: routerProduction(o.root) },
    build: {
      outDir: join(o.outDir, 'server'),
      emptyOutDir: true,
      ssr: join(o.root, SSR_ENTRY),
      target: 'node20',
      rolldownOptions: { output: { entryFileNames: 'server-entry.js' } },
    },
  };
}
