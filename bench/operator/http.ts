/**
 * The operator run's HTTP client: node:http with a chosen source address on loopback
 * (127.x.y.z), so that HAProxy, which writes X-Forwarded-For from the connection's peer, sees
 * every shopper's visit come from an address of its own, as real shoppers do. Every answer is
 * counted (status, who answered it: a joinery server or HAProxy itself, Retry-After).
 */
import { type Agent, request, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: any;
  /** "METHOD path" of the request it answers. */
  request: string;
}

/** A connection refused, reset or timed out: no answer at all. */
export class NoAnswer extends Error {
  constructor(readonly code: string) {
    super(`no answer: ${code}`);
  }
}

export interface Target {
  host: string;
  port: number;
}

/** The header HAProxy adds to a server's answers in this run (its own error pages have none). */
const SERVED_BY = 'x-joinery-server';

/** Counts of every answer the run got, by who gave it. */
export class Tally {
  /** Status -> count, answers of a joinery server (they carry SERVED_BY). */
  readonly server = new Map<number, number>();
  /** Status -> count, HAProxy's own answers (its error pages). */
  readonly proxy = new Map<number, number>();
  /** Server name -> answers. */
  readonly perServer = new Map<string, number>();
  /** A joinery 503: with and without Retry-After. */
  serverRetryAfter = { with: 0, without: 0 };
  /** A joinery 5xx whose body is not JSON (no clear message for the client): request and body. */
  readonly serverNotJson5xx: string[] = [];
  noAnswer = new Map<string, number>();
  requests = 0;

  add(a: Answer): void {
    this.requests++;
    const name = a.headers[SERVED_BY];
    const by = name ? this.server : this.proxy;
    by.set(a.status, (by.get(a.status) ?? 0) + 1);
    if (typeof name === 'string') this.perServer.set(name, (this.perServer.get(name) ?? 0) + 1);
    if (!name) return;
    if (a.status === 503)
      a.headers['retry-after'] === undefined ? this.serverRetryAfter.without++ : this.serverRetryAfter.with++;
    if (a.status >= 500 && a.json === undefined)
      this.serverNotJson5xx.push(`${a.request}: ${a.status} ${JSON.stringify(a.text.slice(0, 60))}`);
  }

  failed(code: string): void {
    this.requests++;
    this.noAnswer.set(code, (this.noAnswer.get(code) ?? 0) + 1);
  }

  count(by: 'server' | 'proxy', pick: (status: number) => boolean): number {
    let n = 0;
    for (const [s, c] of this[by]) if (pick(s)) n += c;
    return n;
  }
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  localAddress?: string;
  agent?: Agent;
  timeoutMs?: number;
}

/** One request; resolves with the answer, rejects with NoAnswer. */
export function call(to: Target, method: string, path: string, o: CallOptions = {}): Promise<Answer> {
  const payload = o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: to.host,
        port: to.port,
        method,
        path,
        agent: o.agent,
        localAddress: o.localAddress,
        headers: {
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...o.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e: NodeJS.ErrnoException) => reject(new NoAnswer(e.code ?? 'response aborted')));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json,
            request: `${method} ${path.split('?')[0]}`,
          });
        });
      },
    );
    req.setTimeout(o.timeoutMs ?? 30_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => reject(new NoAnswer(e.code ?? e.message)));
    req.end(payload);
  });
}

/**
 * POSTs `totalBytes` of a JSON-looking body in chunks (Transfer-Encoding: chunked), writing only
 * as fast as the connection takes it, and stops writing once an answer arrives. Resolves with
 * the status (0: no answer) and how many bytes went out.
 */
export function streamPost(
  to: Target,
  path: string,
  totalBytes: number,
  o: { localAddress?: string; timeoutMs?: number } = {},
): Promise<{ status: number; sent: number; error?: string }> {
  return new Promise((resolve) => {
    let sent = 0;
    let status = 0;
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ status, sent, ...(error ? { error } : {}) });
    };
    const req = request(
      {
        host: to.host,
        port: to.port,
        method: 'POST',
        path,
        localAddress: o.localAddress,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      },
      (res) => {
        status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () => finish());
        res.on('error', () => finish());
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish('timeout');
    }, o.timeoutMs ?? 120_000);
    req.on('error', (e: NodeJS.ErrnoException) => finish(status ? undefined : (e.code ?? e.message)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const head = Buffer.from('{"number":"');
    const write = () => {
      while (!done && status === 0 && sent < totalBytes) {
        const piece = sent === 0 ? head : chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', write);
      }
      if (!done && status === 0) req.end('"}');
    };
    write();
  });
}
