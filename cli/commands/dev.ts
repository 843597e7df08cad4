/**
 * `joinery dev`: pages rendered on request from the live content (Vite HMR for code, a reload on
 * content edits, lint findings in an overlay over the page) with the real API mounted on /api.
 * Links in its e-mails use PUBLIC_ORIGIN, else site.json's "origin", as `joinery start`'s do.
 */
import { getRequestListener } from '@hono/node-server';
import { createServer } from '../../server/app.ts';
import { linkOrigin } from '../../server/config.ts';
import { createDefaultDeps } from '../../server/default-deps.ts';
import { getSiteDir } from '../context.ts';
import { startDevServer } from '../dev/dev-server.ts';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';

export async function devCommand(opts: { port: string }): Promise<number> {
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`joinery dev: the port must be a number from 0 to 65535, got "${opts.port}"`);
    return EXIT_USAGE;
  }
  const siteDir = getSiteDir();
  const deps = await createDefaultDeps({ siteDir });
  const api = createServer({ ...deps, config: { ...deps.config, distDir: null } });
  api.outbox.start();
  const dev = await startDevServer({ siteDir, port, api: getRequestListener(api.app.fetch) });
  const local = `http://localhost:${port}`;
  console.log(`joinery dev: ${local} (content from ${siteDir}; Ctrl+C to stop)`);
  console.log(`joinery dev: links in e-mails use ${linkOrigin(process.env, api.deps.config.origin, local).note}`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  api.close();
  await dev.close();
  await deps.close();
  return EXIT_OK;
}
