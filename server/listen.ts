/** Serves a fetch handler over HTTP with @hono/node-server; resolves once listening. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface Listening {
  port: number;
  /** Stops accepting, lets requests in flight finish (at most graceMs), then drops the rest. */
  close(graceMs?: number): Promise<void>;
}

export function listen(app: { fetch: (req: Request, ...rest: any[]) => Response | Promise<Response> }, o: { port: number; hostname?: string }): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: o.port, hostname: o.hostname }) as Server;
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      const port = (server.address() as AddressInfo).port;
      resolve({
        port,
        close: (graceMs = 5000) =>
          new Promise<void>((done) => {
            const force = setTimeout(() => server.closeAllConnections(), graceMs);
            force.unref();
            server.close(() => {
              clearTimeout(force);
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
