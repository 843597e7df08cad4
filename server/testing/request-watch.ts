/**
 * The app as listen() serves it, with a record of every request it gets, so a test over a socket
 * waits for the server's side of things instead of for time:
 *
 *   const watch = watchRequests(t.app);
 *   srv = await listen(watch, { port: 0 });
 *   ...  await watch.bodyTaken('/api/forms/claim', bytes);  socket.destroy();
 *   await watch.settled();  expect(uncaught.stop()).toEqual([]);
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { vi } from 'vitest';

type Fetch = (req: Request, ...rest: any[]) => Response | Promise<Response>;

interface Seen {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
  answered: boolean;
}

export interface RequestWatch {
  /** The app's fetch (hand the watch to listen() in place of the app). */
  fetch: Fetch;
  /**
   * Resolves once the app reads the body of a request to `path` and has taken every byte its
   * connection received, at least `bytes` (request line, headers and body): the parts sent so
   * far are parsed before a hang-up can reach the server.
   */
  bodyTaken(path: string, bytes: number): Promise<void>;
  /**
   * Resolves once the app has answered every request it got and each one's connection is
   * closed: any error the closing raises (a stream without a listener) has been raised.
   */
  settled(): Promise<void>;
}

/** Room for a machine that runs other work on the same core. */
const DEADLINE = { timeout: 20_000, interval: 5 };

export function watchRequests(app: { fetch: Fetch }): RequestWatch {
  const seen: Seen[] = [];
  return {
    fetch(req, ...rest) {
      const env = rest[0] as { incoming: IncomingMessage; outgoing: ServerResponse };
      const entry: Seen = { incoming: env.incoming, outgoing: env.outgoing, answered: false };
      seen.push(entry);
      const res = app.fetch(req, ...rest);
      const answered = () => {
        entry.answered = true;
      };
      if (res instanceof Promise) res.then(answered, answered);
      else answered();
      return res;
    },
    async bodyTaken(path, bytes) {
      await vi.waitFor(() => {
        const taken = seen.some(
          ({ incoming: i }) =>
            i.url === path && i.socket.bytesRead >= bytes && i.readableFlowing === true && i.readableLength === 0,
        );
        if (!taken) throw new Error(`the app has not taken ${bytes} bytes of a request to ${path}`);
      }, DEADLINE);
    },
    async settled() {
      await vi.waitFor(() => {
        // (A request whose body arrived whole but was never read stays open itself: nothing of it can fail.)
        const open = seen.filter((s) => !s.answered || !s.outgoing.closed || !s.incoming.socket.closed);
        if (open.length)
          throw new Error(
            `${open.length} of ${seen.length} requests not answered and closed: ${open
              .slice(0, 5)
              .map((s) => `${s.incoming.method} ${s.incoming.url}`)
              .join(', ')}`,
          );
      }, DEADLINE);
    },
  };
}
