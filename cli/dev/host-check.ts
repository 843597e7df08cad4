/**
 * Which `Host` headers `joinery dev` answers: the loopback names, the `--host` address (every
 * address of this machine when it is a wildcard such as 0.0.0.0) and the `--allowed-host` names.
 * Any other is refused with 403, as Vite's server.allowedHosts does: a page of another site that
 * rebinds its DNS name to this machine sends its own name as the Host.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { Duplex } from 'node:stream';

const LOOPBACK = ['localhost', '127.0.0.1', '::1'];
const WILDCARD = ['0.0.0.0', '::'];

/** The host name of a Host header, lower case, IPv6 without brackets; undefined when malformed. */
function hostnameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    const url = new URL(`http://${header}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return undefined;
  }
}

const machineAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .map((a) => a?.address.toLowerCase())
    .filter((a): a is string => !!a);

export function hostCheck(opts: { host?: string; allowedHosts?: readonly string[] }) {
  const names = new Set(LOOPBACK);
  const given = opts.host?.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (given && WILDCARD.includes(given)) for (const a of machineAddresses()) names.add(a);
  else if (given) names.add(given);
  for (const h of opts.allowedHosts ?? []) names.add(h.toLowerCase().replace(/^\[(.*)\]$/, '$1'));

  const allowed = (req: IncomingMessage) => {
    const name = hostnameOf(req.headers.host);
    return name !== undefined && names.has(name);
  };
  const message = (req: IncomingMessage) => {
    const name = hostnameOf(req.headers.host);
    if (name === undefined)
      return `Blocked request: the Host header ${JSON.stringify(req.headers.host ?? '')} is not one this server answers to.`;
    return `Blocked request: this host (${JSON.stringify(name)}) is not allowed. To allow it, start joinery dev with --allowed-host ${name}`;
  };
  return {
    names: [...names],
    allowed,
    /** Answers a refused request with 403: JSON on the APIs, text elsewhere. */
    refuse(req: IncomingMessage, res: ServerResponse) {
      const api = /^\/(api|__joinery\/api)\//.test(req.url ?? '');
      res.writeHead(403, { 'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8' });
      res.end(api ? JSON.stringify({ success: false, message: message(req) }) : message(req));
    },
    /** Refuses a WebSocket upgrade (Vite's HMR) the same way, on the raw socket. */
    refuseUpgrade(req: IncomingMessage, socket: Duplex) {
      const body = message(req);
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  };
}
