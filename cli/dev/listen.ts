/**
 * Where `joinery dev` listens: the `--host` address when given, else loopback only, 127.0.0.1
 * and ::1 on one port (a browser may resolve "localhost" to either). The ::1 side hands its
 * connections to the same HTTP server, so HMR upgrades and the host check work there too.
 */
import type { Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';

function listenOn(server: HttpServer | NetServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** This machine has no IPv6 loopback: 127.0.0.1 alone is loopback then. */
const noIpv6 = (e: unknown) => ['EADDRNOTAVAIL', 'EAFNOSUPPORT'].includes((e as NodeJS.ErrnoException).code ?? '');

export async function listenDev(server: HttpServer, port: number, host?: string): Promise<{ close(): Promise<void> }> {
  if (host) {
    await listenOn(server, port, host);
    return { close: async () => {} };
  }
  await listenOn(server, port, '127.0.0.1');
  const ipv6 = createNetServer((socket) => server.emit('connection', socket));
  try {
    await listenOn(ipv6, (server.address() as { port: number }).port, '::1');
  } catch (e) {
    if (!noIpv6(e)) {
      server.close();
      throw e;
    }
    return { close: async () => {} };
  }
  return { close: () => new Promise<void>((r) => ipv6.close(() => r())) };
}
