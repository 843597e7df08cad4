/**
 * A real SMTP server on loopback (the smtp-server package, port 0) that keeps what it
 * receives and can reject the next deliveries with a temporary error, or hold them (never
 * answer the end of DATA, as a stalled server would), for mail tests.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime.ts';

export interface ReceivedMail extends ParsedMail {
  envelope: { from: string; to: string[] };
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** For SMTP_URL / smtpMailer. */
  url: string;
  messages: ReceivedMail[];
  /** Messages received in full but never answered (see holdNext); not in `messages`. */
  held: ReceivedMail[];
  /** The next `count` messages get `code message` (default 451, a temporary failure). */
  rejectNext(count?: number, code?: number, message?: string): void;
  /** The next `count` messages are read but never answered: the client waits on its DATA. */
  holdNext(count?: number): void;
  /** Resolves once at least `count` messages arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Resolves once at least `count` messages are held. */
  waitForHeld(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  let holds = 0;
  let rejections = 0;
  let rejection = { code: 451, message: 'Temporary failure, try again later' };
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // close() waits this long for clients still connected (a held one never finishes).
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (rejections > 0) {
          rejections--;
          return callback(Object.assign(new Error(rejection.message), { responseCode: rejection.code }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = { ...parseMail(raw), raw, envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) } };
        const hold = holds > 0;
        if (hold) holds--;
        (hold ? held : messages).push(mail);
        for (const w of waiters) w();
        if (!hold) callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // Once listening, errors are a client's connection dying (a server killed with -9 while its
  // pooled SMTP connections were open: ECONNRESET): the sink carries on with the others.
  server.removeAllListeners('error');
  server.on('error', () => undefined);
  const port = (server.server.address() as AddressInfo).port;

  const waitIn = (list: ReceivedMail[], count: number, timeoutMs = 5000): Promise<ReceivedMail[]> => {
    if (list.length >= count) return Promise.resolve(list);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`smtp sink: ${list.length} of ${count} messages after ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (list.length < count) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(list);
      };
      waiters.add(check);
    });
  };

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    held,
    rejectNext(count = 1, code = 451, message = 'Temporary failure, try again later') {
      rejections = count;
      rejection = { code, message };
    },
    holdNext(count = 1) {
      holds = count;
    },
    waitFor: (count, timeoutMs) => waitIn(messages, count, timeoutMs),
    waitForHeld: (count, timeoutMs) => waitIn(held, count, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
