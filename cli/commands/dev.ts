/**
 * `joinery dev`: pages rendered on request from the live content (Vite HMR for code, a reload on
 * content edits, lint findings in an overlay over the page) with the real API mounted on /api.
 * Links in its e-mails use PUBLIC_ORIGIN, else site.json's "origin", as `joinery start`'s do.
 * Loopback only unless --host names another address; requests for other host names than its
 * own and the --allowed-host ones are refused.
 */
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { linkOrigin } from '../../server/config.ts';
import { createDefaultDeps, createServer } from '../../server/index.ts';
import { getSiteDir } from '../context.ts';
import { startDevServer } from '../dev/dev-server.ts';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.ts';

export async function devCommand(opts: { port: string; host?: string; allowedHost: string[] }): Promise<number> {
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`joinery dev: the port must be a number from 0 to 65535, got "${opts.port}"`);
    return EXIT_USAGE;
  }
  const siteDir = getSiteDir();
  const deps = await createDefaultDeps({ siteDir });
  const api = createServer({ ...deps, config: { ...deps.config, distDir: null } });
  api.outbox.start();
  let dev: Awaited<ReturnType<typeof startDevServer>>;
  try {
    dev = await startDevServer({
      siteDir,
      port,
      api: getRequestListener(api.app.fetch),
      host: opts.host,
      allowedHosts: opts.allowedHost,
    });
  } catch (e) {
    console.error(`joinery dev: cannot listen on ${opts.host ?? 'localhost'}:${port}: ${(e as Error).message}`);
    api.close();
    await deps.close();
    return EXIT_USAGE;
  }
  const at = (dev.server.address() as AddressInfo).port;
  const name = !opts.host || ['0.0.0.0', '::', '[::]'].includes(opts.host) ? 'localhost' : opts.host;
  const host = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  const local = `http://${host}:${at}`;
  console.log(`joinery dev: ${local} (content from ${siteDir}; Ctrl+C to stop)`);
  console.log(`joinery dev: links in e-mails use ${linkOrigin(process.env, api.deps.config.origin, local).note}`);
  if (opts.host)
    console.warn(
      `joinery dev: warning: listening on ${opts.host}, the site and its editor can be reached from that network (the editor's writes still need the token of its page)`,
    );
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
