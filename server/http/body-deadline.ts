/**
 * An overall deadline for each request body: a client that trickles its body (slow-loris) gets
 * 408 instead of holding a socket and a handler forever. Early answers to a request whose body
 * was not read to its end (413, 408, a refusal before reading) say `Connection: close`: the
 * unread rest makes the connection unusable for a next request, so the client must not keep it.
 *
 * The request itself is kept: its reading methods (text, json, ...) race the deadline, and its
 * `body` stream is wrapped only when something reads it as a stream (multipart uploads, a chunked
 * body under the size limit). Under @hono/node-server that keeps its lightweight request, so a
 * JSON body is read straight from Node's request, with no web Request, stream or AbortController.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';
import { setResponseHeader } from './response-header.ts';

export const BODY_TIMEOUT_MESSAGE = 'The request body took too long to arrive';

const READERS = ['text', 'json', 'arrayBuffer', 'blob', 'formData', 'bytes'] as const;

export function bodyDeadline(timeoutMs: number): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    // @hono/node-server gives every request but GET, HEAD and TRACE a body; asking for it there
    // would build the web Request it otherwise never needs.
    const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
    const method = raw.method;
    if (method === 'GET' || method === 'HEAD' || (incoming ? method === 'TRACE' : !raw.body)) {
      await next();
      if (c.res.status === 413) setResponseHeader(c, 'Connection', 'close');
      return;
    }
    let ended = false;
    let expired = false;
    const waiting = new Set<(e: unknown) => void>();
    const timer = setTimeout(() => {
      expired = true;
      for (const fail of waiting) fail(new ApiError(408, BODY_TIMEOUT_MESSAGE));
    }, timeoutMs);
    timer.unref?.();

    // A read that loses the race is left pending: cancelling the body under @hono/node-server
    // destroys the socket before the answer is written. It settles when the socket closes.
    const race: Race = (read, isEnd = () => true) =>
      new Promise((resolve, reject) => {
        if (expired) return reject(new ApiError(408, BODY_TIMEOUT_MESSAGE));
        waiting.add(reject);
        read().then(
          (value) => {
            waiting.delete(reject);
            if (expired) return;
            if (isEnd(value)) {
              ended = true;
              clearTimeout(timer);
            }
            resolve(value);
          },
          (e: unknown) => {
            waiting.delete(reject);
            if (expired) return;
            clearTimeout(timer);
            reject(e);
          },
        );
      });
    const proto = Object.getPrototypeOf(raw) as Record<string, unknown>;
    for (const name of READERS) {
      const read = proto[name];
      if (typeof read === 'function') Object.defineProperty(raw, name, { configurable: true, writable: true, value: () => race(() => (read as () => Promise<unknown>).call(raw)) });
    }
    let stream: ReadableStream<Uint8Array> | null | undefined;
    Object.defineProperty(raw, 'body', {
      configurable: true,
      get: () => {
        if (stream === undefined) {
          const original = Reflect.get(proto, 'body', raw) as ReadableStream<Uint8Array> | null;
          stream = original && deadlineStream(original, race);
        }
        return stream;
      },
    });
    try {
      await next();
    } finally {
      clearTimeout(timer); // answered: nobody waits on the body any more
    }
    if (!ended || expired || c.res.status === 413 || c.res.status === 408) setResponseHeader(c, 'Connection', 'close');
  };
}

/** Runs a read of the body against the deadline; `isEnd` tells whether its result completes the body. */
type Race = <T>(read: () => Promise<T>, isEnd?: (value: T) => boolean) => Promise<T>;

/** The body as a stream whose every read races the deadline. */
function deadlineStream(body: ReadableStream<Uint8Array>, race: Race): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await race(() => reader.read(), (r) => r.done);
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (e) {
        controller.error(e);
      }
    },
  });
}
