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

const DEADLINE = Symbol('body deadline');
type Guarded = Request & { [DEADLINE]: Deadline };

/** One request body's deadline; its timer starts with the request. */
class Deadline {
  ended = false;
  expired = false;
  readonly timer: ReturnType<typeof setTimeout>;
  private waiting: ((e: unknown) => void)[] = [];
  private stream: ReadableStream<Uint8Array> | null | undefined;

  constructor(timeoutMs: number) {
    this.timer = setTimeout(expire, timeoutMs, this);
    this.timer.unref?.();
  }

  fail(): void {
    this.expired = true;
    for (const reject of this.waiting.splice(0)) reject(new ApiError(408, BODY_TIMEOUT_MESSAGE));
  }

  /**
   * A read of the body against the deadline; `isEnd` tells whether its result completes the body.
   * A read that loses is left pending: cancelling the body under @hono/node-server destroys the
   * socket before the answer is written. It settles when the socket closes.
   */
  race<T>(read: () => Promise<T>, isEnd?: (value: T) => boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.expired) return reject(new ApiError(408, BODY_TIMEOUT_MESSAGE));
      this.waiting.push(reject);
      read().then(
        (value) => {
          this.settled(reject);
          if (this.expired) return;
          if (!isEnd || isEnd(value)) {
            this.ended = true;
            clearTimeout(this.timer);
          }
          resolve(value);
        },
        (e: unknown) => {
          this.settled(reject);
          if (this.expired) return;
          clearTimeout(this.timer);
          reject(e);
        },
      );
    });
  }

  private settled(reject: (e: unknown) => void): void {
    const i = this.waiting.indexOf(reject);
    if (i >= 0) this.waiting.splice(i, 1);
  }

  /** The request's body stream, every read of it racing the deadline (made on first use). */
  body(request: Request): ReadableStream<Uint8Array> | null {
    if (this.stream === undefined) {
      const original = Reflect.get(
        Object.getPrototypeOf(request) as object,
        'body',
        request,
      ) as ReadableStream<Uint8Array> | null;
      const reader = original?.getReader();
      this.stream = !reader
        ? null
        : new ReadableStream<Uint8Array>({
            pull: async (controller) => {
              try {
                const { done, value } = await this.race(
                  () => reader.read(),
                  (r) => r.done,
                );
                if (done) controller.close();
                else controller.enqueue(value);
              } catch (e) {
                controller.error(e);
              }
            },
          });
    }
    return this.stream;
  }
}

function expire(d: Deadline): void {
  d.fail();
}

/** Own properties laid over each guarded request's reading methods and body (made once, shared). */
const GUARDS: PropertyDescriptorMap = {
  body: {
    configurable: true,
    get(this: Guarded) {
      return this[DEADLINE].body(this);
    },
  },
};
for (const name of ['text', 'json', 'arrayBuffer', 'blob', 'formData', 'bytes'] as const) {
  GUARDS[name] = {
    configurable: true,
    writable: true,
    value(this: Guarded) {
      const read = (Object.getPrototypeOf(this) as Record<string, () => Promise<unknown>>)[name]!;
      return this[DEADLINE].race(() => read.call(this));
    },
  };
}

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
    const deadline = new Deadline(timeoutMs);
    (raw as Guarded)[DEADLINE] = deadline;
    Object.defineProperties(raw, GUARDS);
    try {
      await next();
    } finally {
      clearTimeout(deadline.timer); // answered: nobody waits on the body any more
    }
    if (!deadline.ended || deadline.expired || c.res.status === 413 || c.res.status === 408)
      setResponseHeader(c, 'Connection', 'close');
  };
}
