/**
 * An overall deadline for each request body: a client that trickles its body (slow-loris) gets
 * 408 instead of holding a socket and a handler forever. Early answers to a request whose body
 * was not read to its end (413, 408, a refusal before reading) say `Connection: close`: the
 * unread rest makes the connection unusable for a next request, so the client must not keep it.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';

export const BODY_TIMEOUT_MESSAGE = 'The request body took too long to arrive';

export function bodyDeadline(timeoutMs: number): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (raw.method === 'GET' || raw.method === 'HEAD' || !raw.body) {
      await next();
      if (c.res.status === 413) c.header('Connection', 'close');
      return;
    }
    const reader = raw.body.getReader();
    let ended = false;
    let expired = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The original body is never cancelled: under @hono/node-server that destroys the socket
    // before the answer is written. A read left pending settles when the socket closes.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        timer = setTimeout(() => {
          expired = true;
          controller.error(new ApiError(408, BODY_TIMEOUT_MESSAGE));
        }, timeoutMs);
        timer.unref?.();
      },
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (expired) return;
          if (done) {
            ended = true;
            clearTimeout(timer);
            controller.close();
          } else controller.enqueue(value);
        } catch (e) {
          if (expired) return;
          clearTimeout(timer);
          controller.error(e);
        }
      },
      cancel() {
        clearTimeout(timer);
      },
    });
    c.req.raw = new Request(raw, { body, duplex: 'half' } as RequestInit);
    try {
      await next();
    } finally {
      clearTimeout(timer); // answered: nobody waits on the body any more
    }
    if (!ended || expired || c.res.status === 413 || c.res.status === 408) c.header('Connection', 'close');
  };
}
