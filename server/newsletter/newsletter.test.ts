/**
 * The newsletter through the real app: subscribing with the newsletter form stores a hashed token
 * and delivers a welcome e-mail with the unsubscribe link; the token toggles the subscription.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormFile } from '../../engine/forms/index.ts';
import { CONTACT, NEWSLETTER, submit, writeSite, type OkJson } from '../forms/test-support.ts';
import { smtpMailer } from '../mail/transports.ts';
import type { Mailer } from '../mail/message.ts';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer<Mailer> | undefined;
let dir: TempDir | undefined;
let sink: SmtpSink | undefined;
let mailer: Mailer | undefined;

afterEach(async () => {
  await t?.close();
  mailer?.close();
  await sink?.close();
  dir?.cleanup();
  t = dir = sink = mailer = undefined;
});

const REGISTER: FormFile = {
  name: 'register',
  fields: [
    { name: 'fullName', type: 'text', required: true },
    { name: 'emailAddress', type: 'email', required: true },
    { name: 'newsletter', type: 'newsletter', label: 'Send me the newsletter' },
  ],
};

async function start() {
  dir = tempDir('joinery-newsletter-');
  const siteDir = writeSite(dir.join('site'), [NEWSLETTER, CONTACT, REGISTER]);
  sink = await startSmtpSink();
  mailer = smtpMailer(sink.url, '"Hearthline Cabinetry" <no-reply@hearthline.example>');
  t = await createTestServer<Mailer>({ dist: false, siteDir, mailer, config: { uploadDir: dir.join('uploads') } });
  return t;
}

const subscriptions = () => t!.db.selectFrom('newsletter_subscriptions').selectAll().execute();
const toggle = (action: 'unsubscribe' | 'subscribe', body: unknown, type = 'application/json') =>
  t!.app.request(`/api/newsletter/${action}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'Content-Type': type } });

/** The token of the unsubscribe link in a delivered welcome e-mail. */
function tokenIn(text: string): string {
  const m = /https:\/\/www\.hearthline\.example\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(text);
  expect(m, text).not.toBeNull();
  return m![1]!;
}

describe('newsletter', () => {
  it('subscribes through the newsletter form and mails a welcome with the unsubscribe link', async () => {
    const { app, outbox } = await start();
    const res = await submit(app, NEWSLETTER, { email: ' Jane@Example.com ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: 'Thank you for subscribing!' });

    const [sub, ...more] = await subscriptions();
    expect(more).toEqual([]);
    expect(sub).toMatchObject({ email: 'jane@example.com', status: 'subscribed', created_at: '2025-01-15T12:00:00.000Z' });

    expect(await outbox.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [mail] = await sink!.waitFor(1);
    expect(mail).toMatchObject({ to: 'jane@example.com', subject: 'Welcome to the Hearthline Cabinetry newsletter' });
    const token = tokenIn(mail!.text);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(mail!.html).toContain(`href="https://www.hearthline.example/unsubscribe/${token}"`);
    // Only the hash is stored.
    expect(sub!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await subscriptions())).not.toContain(token);

    // The token switches the stored subscription off and on.
    const off = await toggle('unsubscribe', { token });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ success: true, message: 'You have been unsubscribed from our newsletter.', data: { status: 'unsubscribed' } });
    expect((await subscriptions())[0]).toMatchObject({ status: 'unsubscribed' });
    const on = await toggle('subscribe', { token });
    expect(await on.json()).toEqual({ success: true, message: 'You have been subscribed to our newsletter again.', data: { status: 'subscribed' } });
    expect((await subscriptions())[0]).toMatchObject({ status: 'subscribed' });
  });

  it('an address already subscribed gets no second welcome; after unsubscribing, a new token replaces the old', async () => {
    const { app, outbox } = await start();
    await submit(app, NEWSLETTER, { email: 'jane@example.com' });
    await outbox.drain();
    const first = tokenIn((await sink!.waitFor(1))[0]!.text);
    expect((await submit(app, NEWSLETTER, { email: 'JANE@example.com' })).status).toBe(200);
    expect(await outbox.drain()).toMatchObject({ sent: 0 });

    await toggle('unsubscribe', { token: first });
    await submit(app, NEWSLETTER, { email: 'jane@example.com' });
    await outbox.drain();
    const second = tokenIn((await sink!.waitFor(2))[1]!.text);
    expect(second).not.toBe(first);
    expect((await toggle('unsubscribe', { token: first })).status).toBe(404);
    expect((await toggle('unsubscribe', { token: second })).status).toBe(200);
    expect(await subscriptions()).toHaveLength(1);
  });

  it('another form subscribes only when its newsletter box is ticked', async () => {
    const { app } = await start();
    await submit(app, REGISTER, { fullName: 'Jane Doe', emailAddress: 'jane@example.com', newsletter: false });
    await submit(app, CONTACT, { firstName: 'Jane', email: 'jane@example.com', topic: 'design', message: 'Hi' });
    expect(await subscriptions()).toEqual([]);
    const res = await submit(app, REGISTER, { fullName: 'Bob Roe', emailAddress: 'bob@example.com', newsletter: true });
    expect(((await res.json()) as OkJson).success).toBe(true);
    expect(await subscriptions()).toMatchObject([{ email: 'bob@example.com', status: 'subscribed' }]);
  });

  it('an invalid address subscribes nobody (422 from the form)', async () => {
    const { app } = await start();
    const res = await submit(app, NEWSLETTER, { email: 'jane' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { email: 'Invalid email address' } });
    expect(await subscriptions()).toEqual([]);
  });

  it('an unknown token is a 404 with a clear message; bad bodies are 4xx', async () => {
    await start();
    for (const action of ['unsubscribe', 'subscribe'] as const) {
      const res = await toggle(action, { token: 'not-a-real-token' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: 'This unsubscribe link is not valid. The subscription was not found.' });
    }
    const missing = await toggle('unsubscribe', {});
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ success: false, message: 'Invalid request body', errors: { token: 'The unsubscribe token is missing' } });
    expect((await toggle('unsubscribe', { token: '   ' })).status).toBe(422);
    expect((await toggle('unsubscribe', 'token=abc', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await toggle('unsubscribe', '{"token":')).status).toBe(400);
  });
});
