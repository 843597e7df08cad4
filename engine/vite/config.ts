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
export const SSR_ENTRY = 'engine/render/server-entry.tsx';

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
    mode: 'production',
    build: {
      outDir: join(o.outDir, 'site'),
      emptyOutDir: false,
      manifest: true,
      target: 'es2022',
      assetsDir: 'assets',
      rolldownOptions: { input: join(o.root, CLIENT_ENTRY) },
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
      rolldownOptions: { output: { entryFileNames: 'server-entry.js' } },
    },
  };
}
