/**
 * A real SMTP server on loopback (the smtp-server package, port 0) that keeps what it
 * receives and can reject the next deliveries with a temporary error, for mail tests.
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
  /** The next `count` messages get `code message` (default 451, a temporary failure). */
  rejectNext(count?: number, code?: number, message?: string): void;
  /** Resolves once at least `count` messages arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let rejections = 0;
  let rejection = { code: 451, message: 'Temporary failure, try again later' };
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
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
        messages.push({ ...parseMail(raw), raw, envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) } });
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectNext(count = 1, code = 451, message = 'Temporary failure, try again later') {
      rejections = count;
      rejection = { code, message };
    },
    waitFor(count, timeoutMs = 5000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`smtp sink: ${messages.length} of ${count} messages after ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
