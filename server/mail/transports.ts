/**
 * The two nodemailer transports: real SMTP when SMTP_URL is set, otherwise `.eml` files
 * (nodemailer's stream transport, buffered, written under var/mail/) so a fresh checkout
 * "sends" mail without any server and the messages can be opened in a mail client.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type Nodemailer from 'nodemailer';
import { systemClock, type Clock } from '../clock.ts';
import type { MailMessage, Mailer, SentMail } from './message.ts';

type Transport = ReturnType<typeof Nodemailer.createTransport>;

/**
 * The transport, made (and nodemailer loaded) at the first message: a server that sends none
 * never pays for it. Closing one never made does nothing.
 */
function lazyTransport(options: Parameters<typeof Nodemailer.createTransport>[0]) {
  let transport: Transport | undefined;
  return {
    get: (): Transport => {
      transport ??= (createRequire(import.meta.url)('nodemailer') as typeof Nodemailer).createTransport(options);
      return transport;
    },
    close: () => transport?.close(),
  };
}

function toNodemailer(m: MailMessage, from: string) {
  return {
    from: m.from ?? from,
    to: m.to,
    cc: m.cc?.length ? [...m.cc] : undefined,
    replyTo: m.replyTo,
    subject: m.subject,
    html: m.html,
    text: m.text,
    messageId: m.messageId,
    headers: m.headers,
    attachments: m.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content),
    })),
  };
}

/** smtp://user:secret@host:587 -> smtp://host:587 (for banners and logs). */
export function describeSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return 'smtp (unparsable SMTP_URL)';
  }
}

/**
 * `maxConnections` (the outbox's concurrency): a pool of that many SMTP connections, reused
 * across messages, so concurrent sends do not each pay a connect and handshake.
 */
export function smtpMailer(url: string, from: string, o: { maxConnections?: number } = {}): Mailer {
  const transport = lazyTransport({
    url,
    pool: true,
    maxConnections: Math.max(1, o.maxConnections ?? 1),
    // Bounded waits: a stalled server fails the attempt and the outbox retries later.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    description: `SMTP ${describeSmtpUrl(url)}`,
    async send(m): Promise<SentMail> {
      const info = await transport.get().sendMail(toNodemailer(m, from));
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

export function fileMailer(dir: string, from: string, clock: Clock = systemClock): Mailer {
  // CRLF line ends, as RFC 5322 has them and mail clients expect in an .eml file.
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    description: `.eml files in ${dir}`,
    async send(m): Promise<SentMail> {
      const info = await transport.get().sendMail(toNodemailer(m, from));
      mkdirSync(dir, { recursive: true });
      const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
      writeFileSync(join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`), info.message as Buffer);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

export interface MailerOptions {
  /** SMTP_URL: selects real SMTP when set. */
  smtpUrl?: string;
  /** Where `.eml` files go when there is no SMTP_URL. */
  mailDir: string;
  /** Used when a message has no From of its own (the outbox worker gives one). */
  from?: string;
  clock?: Clock;
  /** SMTP connections kept open at once (set to the outbox's concurrency). */
  maxConnections?: number;
}

const FALLBACK_FROM = 'Joinery <no-reply@localhost>';

export function createMailer(o: MailerOptions): Mailer {
  const from = o.from ?? FALLBACK_FROM;
  return o.smtpUrl
    ? smtpMailer(o.smtpUrl, from, { maxConnections: o.maxConnections })
    : fileMailer(o.mailDir, from, o.clock);
}
