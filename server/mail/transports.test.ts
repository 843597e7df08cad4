import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { parseMail } from '../testing/mime.ts';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { createMailer, describeSmtpUrl, fileMailer, smtpMailer } from './transports.ts';

const FROM = 'Hearthline Cabinetry <no-reply@hearthlinecabinetry.com>';
const message = {
  to: 'jane@example.com',
  cc: ['sales@hearthlinecabinetry.com', 'orders@hearthlinecabinetry.com'],
  subject: 'Order Confirmation #100042 — thank you',
  text: 'Your samples of Shaker White are on their way.',
  html: '<p>Your samples of <strong>Shaker White</strong> are on their way.</p>',
};

let sink: SmtpSink | undefined;
let dir: TempDir | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
  dir?.cleanup();
  dir = undefined;
});

describe('smtpMailer', () => {
  it('delivers to, cc, subject, text and html to a real SMTP server', async () => {
    sink = await startSmtpSink();
    const mailer = smtpMailer(sink.url, FROM);
    await mailer.send(message);
    mailer.close();
    const [got] = await sink.waitFor(1);
    expect(got!.envelope.to.sort()).toEqual([
      'jane@example.com',
      'orders@hearthlinecabinetry.com',
      'sales@hearthlinecabinetry.com',
    ]);
    expect(got!.envelope.from).toBe('no-reply@hearthlinecabinetry.com');
    expect(got!.to).toBe('jane@example.com');
    expect(got!.cc).toBe('sales@hearthlinecabinetry.com, orders@hearthlinecabinetry.com');
    expect(got!.subject).toBe(message.subject);
    expect(got!.text).toBe(message.text);
    expect(got!.html).toBe(message.html);
  });

  it('throws when the server rejects, so the outbox can retry', async () => {
    sink = await startSmtpSink();
    sink.rejectNext(1, 451, 'Mailbox busy');
    const mailer = smtpMailer(sink.url, FROM);
    await expect(mailer.send(message)).rejects.toThrow(/451|Mailbox busy/);
    await mailer.send(message);
    mailer.close();
    expect(sink.messages).toHaveLength(1);
  });
});

describe('fileMailer', () => {
  it('writes one .eml file per message, readable as e-mail', async () => {
    dir = tempDir();
    const mailer = fileMailer(dir.join('var', 'mail'), FROM, manualClock('2025-03-01T10:00:00Z'));
    await mailer.send(message);
    const files = readdirSync(dir.join('var', 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^2025-03-01T10-00-00-000Z-[0-9a-f]{8}\.eml$/);
    const mail = parseMail(readFileSync(dir.join('var', 'mail', files[0]!), 'utf8'));
    expect(mail.from).toBe(FROM);
    expect(mail.to).toBe('jane@example.com');
    expect(mail.cc).toContain('orders@hearthlinecabinetry.com');
    expect(mail.subject).toBe(message.subject);
    expect(mail.text).toBe(message.text);
    expect(mail.html).toBe(message.html);
  });

  it('ends every line with CRLF (RFC 5322), headers and body alike', async () => {
    dir = tempDir();
    const mailer = fileMailer(dir.path, FROM, manualClock('2025-03-01T10:00:00Z'));
    await mailer.send({ ...message, text: 'Your samples are on their way.\nThank you!' });
    const raw = readFileSync(dir.join(readdirSync(dir.path)[0]!), 'utf8');
    expect(raw).toContain('\r\nTo: jane@example.com\r\n');
    expect(raw).toContain('\r\n\r\n');
    expect(raw.match(/(?<!\r)\n/g)).toBeNull();
    expect(parseMail(raw).text).toBe('Your samples are on their way.\r\nThank you!');
  });
});

describe('createMailer', () => {
  it('uses SMTP when SMTP_URL is given, files otherwise, and never shows a password', () => {
    expect(
      createMailer({ smtpUrl: 'smtp://user:secret@mail.example.com:587', mailDir: '/tmp/x', from: FROM }).description,
    ).toBe('SMTP smtp://mail.example.com:587');
    expect(createMailer({ mailDir: '/tmp/x', from: FROM }).description).toBe('.eml files in /tmp/x');
    expect(describeSmtpUrl('not a url')).not.toContain('not a url');
  });
});
