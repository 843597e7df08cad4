/**
 * HTTP/1.1 over a bare TCP socket, for tests that send what fetch refuses to (a body cut short,
 * a body that trickles, odd headers) and see what the client sees: status, headers, body, and
 * whether the server closes the connection.
 *
 *   const r = await rawRequest(port, 'POST /api/x HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n', { body: '{}' });
 *   r.status; r.headers['connection']; await r.closed;
 */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
  /** Settles when the server (or destroy) closes the socket. */
  closed: Promise<void>;
  /** Closes the socket from this side. */
  destroy(): void;
  /** Of `stream.bytes`, how many were written to the socket before the answer arrived. */
  streamed: number;
}

export interface RawRequestOptions {
  body?: string | Buffer;
  /** After the head and body, keep sending one byte every everyMs (slow-loris) until the socket closes. */
  trickleEveryMs?: number;
  /** Reject when no whole response arrived within this (default 5 s). */
  timeoutMs?: number;
  /**
   * After the head and body, send this many more body bytes ('x') in 64 KiB pieces, each once the
   * socket has drained (chunk-framed when `chunked`), and stop as soon as the answer arrives.
   */
  stream?: { bytes: number; chunked?: boolean };
}

/** A whole response at the start of buf, or null while more bytes are needed. An answer to HEAD has no body, whatever its Content-Length says. */
function parseResponse(
  buf: Buffer,
  ended: boolean,
  toHead = false,
): Omit<RawResponse, 'closed' | 'destroy' | 'streamed'> | null {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine, ...lines] = buf.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const rest = buf.subarray(headEnd + 4);
  if (status >= 100 && status < 200 && status !== 101) return parseResponse(rest, ended, toHead); // 100 Continue: the answer follows
  if (toHead) return { status, headers, body: '' };
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
      if (Number.isNaN(size)) return { status, headers, body: Buffer.concat(parts).toString('utf8') };
      if (rest.length < lineEnd + 2 + size + 2) return null;
      if (size === 0) return { status, headers, body: Buffer.concat(parts).toString('utf8') };
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    return rest.length >= length ? { status, headers, body: rest.subarray(0, length).toString('utf8') } : null;
  }
  if (status === 204 || status === 304 || status === 101) return { status, headers, body: '' };
  return ended ? { status, headers, body: rest.toString('utf8') } : null;
}

/** Sends head (request line and headers, ending in a blank line) and body as given, on a new connection. */
export function rawRequest(port: number, head: string, o: RawRequestOptions = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let buf = Buffer.alloc(0);
    let done = false;
    let trickle: ReturnType<typeof setInterval> | undefined;
    let streamed = 0;
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    const stop = () => {
      clearInterval(trickle);
      clearTimeout(timer);
    };
    void closed.then(stop);
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      socket.destroy();
      reject(new Error(`no answer within ${o.timeoutMs ?? 5000} ms to ${head.split('\r\n')[0]}`));
    }, o.timeoutMs ?? 5000);
    const settle = (ended: boolean) => {
      if (done) return;
      const parsed = parseResponse(buf, ended, head.startsWith('HEAD '));
      if (!parsed && !ended) return;
      done = true;
      clearTimeout(timer);
      if (parsed) resolve({ ...parsed, closed, destroy: () => socket.destroy(), streamed });
      else reject(new Error(`connection closed without an answer to ${head.split('\r\n')[0]}`));
    };
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      settle(false);
    });
    socket.on('end', () => settle(true));
    socket.on('close', () => settle(true));
    socket.on('error', () => settle(true)); // a reset after the answer is fine; before it, no answer
    socket.write(head);
    if (o.body !== undefined && o.body.length > 0) socket.write(o.body);
    if (o.trickleEveryMs) trickle = setInterval(() => socket.writable && socket.write('x'), o.trickleEveryMs);
    if (o.stream) {
      const { bytes, chunked } = o.stream;
      const piece = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (!done && streamed < bytes && socket.writable) {
          const data = piece.subarray(0, Math.min(piece.length, bytes - streamed));
          streamed += data.length;
          const last = chunked && streamed === bytes ? '0\r\n\r\n' : '';
          if (
            !socket.write(
              chunked
                ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from(`\r\n${last}`)])
                : data,
            )
          )
            return void socket.once('drain', pump);
        }
      };
      pump();
    }
  });
}
