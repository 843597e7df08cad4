/** Vite configurations of a Joinery site: the browser build, the SSR build and dev. */
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { join, relative, sep } from 'node:path';
import { createLogger, type InlineConfig, type Logger, type Rolldown } from 'vite';
import { joineryPlugin } from './plugin.ts';

export interface ViteOptions {
  root: string;
  blocksModule: string;
  /** block type -> its framework-free island client file (virtual:joinery/blocks). */
  islandClients?: Readonly<Record<string, string>>;
  outDir: string;
}

export const CLIENT_ENTRY = 'engine/client/entry.tsx';
/** The script a prerendered page loads first: it starts CLIENT_ENTRY after the first screen shows. */
export const CLIENT_BOOT = 'engine/client/boot.ts';
export const SSR_ENTRY = 'engine/render/server-entry.tsx';

/**
 * CSS modules' options, the same in the build and in `joinery dev`: a class is named
 * `<name>_<hash>`, the hash of its file's path in the project and its name, whatever query the
 * file was asked with (dev inlines a page's styles with `?inline`).
 */
export function cssModules(root: string) {
  return {
    localsConvention: 'camelCaseOnly' as const,
    generateScopedName: (name: string, filename: string) => {
      const file = relative(root, filename.split('?')[0]!).split(sep).join('/');
      return `${name}_${createHash('sha256').update(`${file}\0${name}`).digest('base64url').slice(0, 5)}`;
    },
  };
}

/**
 * Vite's messages no author can act on. Its CSS modules bring in the rules of a `composes: x
 * from '...'` file without their source file, so its URL rewriter says "A PostCSS plugin did not
 * pass the `from` option" once per bundle; the composed files (engine/ui) hold no url() to
 * rewrite.
 */
const UNACTIONABLE_WARNINGS = [/A PostCSS plugin did not pass the `from` option to `postcss\.parse`/];

/** Vite's logger at `warn`, without the warnings of UNACTIONABLE_WARNINGS. */
export function quietLogger(): Logger {
  const logger = createLogger('warn');
  const { warn, warnOnce } = logger;
  const keep = (msg: string) => !UNACTIONABLE_WARNINGS.some((re) => re.test(msg));
  logger.warn = (msg, opts) => {
    if (keep(msg)) warn(msg, opts);
  };
  logger.warnOnce = (msg, opts) => {
    if (keep(msg)) warnOnce(msg, opts);
  };
  return logger;
}

/**
 * Rolldown's logs, but PLUGIN_TIMINGS: on a busy machine it reports on every build that the
 * plugins (Vite's CSS transform) took most of the time, which is the build's own work.
 */
export const quietRolldownLog = (
  level: Rolldown.LogLevel,
  log: Rolldown.RolldownLog,
  handler: (level: Rolldown.LogLevel | 'error', log: Rolldown.RolldownLog) => void,
): void => {
  if (log.code !== 'PLUGIN_TIMINGS') handler(level, log);
};

const base = (o: ViteOptions): InlineConfig => ({
  root: o.root,
  configFile: false,
  logLevel: 'warn',
  customLogger: quietLogger(),
  publicDir: false,
  plugins: [react(), joineryPlugin({ blocksModule: o.blocksModule, islandClients: o.islandClients })],
  css: { modules: cssModules(o.root) },
});

export function clientBuildConfig(o: ViteOptions): InlineConfig {
  return {
    ...base(o),
    mode: 'production',
    build: {
      outDir: join(o.outDir, 'site'),
      emptyOutDir: false,
      manifest: true,
      target: 'es2022',
      assetsDir: 'assets',
      // One stylesheet for every block: a page links one file (not one per block), its islands
      // are styled before their code arrives, and the next page fetches no CSS. All blocks' CSS
      // is ~18 kB gzip, cached across pages.
      cssCodeSplit: false,
      // Vite's helper preloads a dynamic import's chunks by adding <link rel="modulepreload">s,
      // a millisecond or more each on a phone. Not for the islands the runtime loads: the boot
      // script has fetched the first ones (engine/client/boot.ts) and the runtime fetches a later
      // island's imports with it (engine/render/load-blocks.ts). Still for a block's own lazy part
      // (the checkout form, a form's view, jsPDF).
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, deps, { hostId }) => (/(^|\/)entry-[^/]*\.js$/.test(hostId) ? [] : deps),
      },
      rolldownOptions: {
        onLog: quietRolldownLog,
        input: [join(o.root, CLIENT_ENTRY), join(o.root, CLIENT_BOOT)],
        output: {
          // React and the engine code that hydrates a component island, in one chunk: one request
          // and one compression context, not a dozen files of a few hundred bytes (each its own
          // request on a phone's connection, each compressed alone). The runtime's entry does not
          // import it: a page whose islands are all framework-free never loads it.
          codeSplitting: {
            groups: [
              {
                name: 'runtime',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]engine[\\/](client[\\/]hydrate\.|render[\\/](context|block-boundary|island-root|island-html|load-blocks|later)\.|ui[\\/]image-priority\.|define-block\.)/,
              },
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
    build: {
      outDir: join(o.outDir, 'server'),
      emptyOutDir: true,
      ssr: join(o.root, SSR_ENTRY),
      target: 'node20',
      rolldownOptions: { onLog: quietRolldownLog, output: { entryFileNames: 'server-entry.js' } },
    },
  };
}
