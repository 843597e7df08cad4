/** Serves a fetch handler over HTTP with @hono/node-server; resolves once listening. */
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { DEFAULT_BODY_TIMEOUT_MS } from './config.ts';

export interface Listening {
  port: number;
  /** Stops accepting, lets requests in flight finish (at most graceMs), then drops the rest. */
  close(graceMs?: number): Promise<void>;
}

export interface ListenOptions {
  port: number;
  hostname?: string;
  /** The app's own body deadline (config.bodyTimeoutMs): Node's request timeout is a backstop past it. */
  bodyTimeoutMs?: number;
  /** Time the request line and headers may take (default HEADERS_TIMEOUT_MS). */
  headersTimeoutMs?: number;
}

/** Headers must arrive whole within this (slow-loris on headers); Node answers 408 and closes. */
const HEADERS_TIMEOUT_MS = 20_000;

export function listen(
  // biome-ignore lint/suspicious/noExplicitAny: the app takes the server's bindings, whatever their type
  app: { fetch: (req: Request, ...rest: any[]) => Response | Promise<Response> },
  o: ListenOptions,
): Promise<Listening> {
  // Node's own timeouts close a socket whose request never completes, e.g. a body nobody reads,
  // after the app's JSON 408 had its chance to go first.
  const requestTimeout = (o.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS) + 10_000;
  const headersTimeout = Math.min(o.headersTimeoutMs ?? HEADERS_TIMEOUT_MS, requestTimeout);
  // Node checks the timeouts on this interval (its default, 30 s, would let a slow client stay much longer).
  const connectionsCheckingInterval = Math.min(5_000, Math.max(50, Math.floor(headersTimeout / 4)));
  const serverOptions = { requestTimeout, headersTimeout, connectionsCheckingInterval };
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: o.port, hostname: o.hostname, serverOptions }) as Server;
    const inFlight = new Set<ServerResponse>();
    server.on('request', (_req, res: ServerResponse) => {
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
    });
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
            // An answer still to come closes its connection (Connection: close): kept alive, the
            // client would hold it open, and close() waiting, until the grace ran out.
            for (const res of inFlight) {
              if (!res.headersSent) res.shouldKeepAlive = false;
              else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
            }
            server.closeIdleConnections();
          }),
      });
    });
  });
}
