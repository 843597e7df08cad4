/**
 * The newsletter through the real app, double opt-in: signing up with the newsletter form stores a
 * pending row and delivers only a confirmation e-mail; opening its link subscribes the address and
 * delivers the welcome e-mail with the unsubscribe link; that token unsubscribes, and subscribing
 * again with it starts the confirmation over.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FormFile } from '../../engine/node.ts';
import { CONTACT, NEWSLETTER, siteServerPerTest, submit, type OkJson } from '../forms/test-support.ts';
import { CONFIRM_RESEND_INTERVAL_MS, CONFIRM_TTL_MS, subscribeEmail } from './subscriptions.ts';

const server = siteServerPerTest('joinery-newsletter-');
const REGISTER: FormFile = {
  name: 'register',
  fields: [
    { name: 'fullName', type: 'text', required: true },
    { name: 'emailAddress', type: 'email', required: true },
    { name: 'newsletter', type: 'newsletter', label: 'Send me the newsletter' },
  ],
};

const start = () => server.start({ forms: [NEWSLETTER, CONTACT, REGISTER], smtp: true });
const t = () => server.now().t;
const sink = () => server.now().sink!;

const subscriptions = () => t().db.selectFrom('newsletter_subscriptions').selectAll().execute();
const post = (path: string, body: unknown, type = 'application/json') =>
  t().app.request(`/api/newsletter/${path}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': type },
  });
const toggle = (action: 'unsubscribe' | 'subscribe', body: unknown, type?: string) => post(action, body, type);
const confirm = (token: string) => post('confirm', { token });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The token of a link in a delivered e-mail. */
function linkToken(text: string, path: 'unsubscribe' | 'newsletter/confirm'): string {
  const m = new RegExp(`https://www\\.hearthline\\.example/${path}/([A-Za-z0-9_-]+)`).exec(text);
  expect(m, text).not.toBeNull();
  return m![1]!;
}
const tokenIn = (text: string) => linkToken(text, 'unsubscribe');
const confirmTokenIn = (text: string) => linkToken(text, 'newsletter/confirm');

/** Signs the address up and returns the token of the confirmation link delivered to it. */
async function signUpAndGetLink(email: string, nth: number): Promise<string> {
  expect((await submit(t().app, NEWSLETTER, { email })).status).toBe(200);
  expect(await t().outbox.drain()).toMatchObject({ sent: 1 });
  const mail = (await sink().waitFor(nth))[nth - 1]!;
  expect(mail.subject).toBe('Please confirm your Hearthline Cabinetry newsletter subscription');
  return confirmTokenIn(mail.text);
}

describe('newsletter: double opt-in', () => {
  it('a signup stores a pending row and mails only the confirmation link; opening it subscribes and mails the welcome', async () => {
    const { app, outbox } = await start();
    const res = await submit(app, NEWSLETTER, { email: ' Jane@Example.com ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: NEWSLETTER.messages!.success });

    const [sub, ...more] = await subscriptions();
    expect(more).toEqual([]);
    expect(sub).toMatchObject({
      email: 'jane@example.com',
      status: 'pending',
      token_hash: null,
      confirmed_at: null,
      confirm_sent_at: '2025-01-15T12:00:00.000Z',
    });

    // Only the confirmation goes out: no welcome, no unsubscribe link.
    expect(await outbox.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [mail] = await sink().waitFor(1);
    expect(mail).toMatchObject({
      to: 'jane@example.com',
      subject: 'Please confirm your Hearthline Cabinetry newsletter subscription',
    });
    expect(mail!.text).not.toContain('/unsubscribe/');
    expect(mail!.subject).not.toContain('Welcome');
    const link = confirmTokenIn(mail!.text);
    expect(link.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(mail!.html).toContain(`href="https://www.hearthline.example/newsletter/confirm/${link}"`);
    expect(sub!.confirm_token_hash).toBe(sha256(link)); // only the hash is stored
    expect(JSON.stringify(await subscriptions())).not.toContain(link);

    // Opening the link: subscribed, and now the welcome with the unsubscribe link.
    const ok = await confirm(link);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      success: true,
      message: 'Thank you! Your subscription is confirmed. A welcome e-mail is on its way.',
      data: { status: 'subscribed', alreadyConfirmed: false },
    });
    expect((await subscriptions())[0]).toMatchObject({
      status: 'subscribed',
      confirmed_at: '2025-01-15T12:00:00.000Z',
    });
    expect(await outbox.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const welcome = (await sink().waitFor(2))[1]!;
    expect(welcome).toMatchObject({
      to: 'jane@example.com',
      subject: 'Welcome to the Hearthline Cabinetry newsletter',
    });
    const token = tokenIn(welcome.text);
    expect(token).not.toBe(link);
    expect(welcome.html).toContain(`href="https://www.hearthline.example/unsubscribe/${token}"`);
    expect((await subscriptions())[0]!.token_hash).toBe(sha256(token));

    // Opening the link again changes nothing and sends nothing.
    const replay = await confirm(link);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({
      success: true,
      message: 'Your subscription is already confirmed.',
      data: { status: 'subscribed', alreadyConfirmed: true },
    });
    expect(await outbox.drain()).toMatchObject({ sent: 0 });

    // The unsubscribe token switches the stored subscription off; a replayed link does not undo that.
    const off = await toggle('unsubscribe', { token });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({
      success: true,
      message: 'You have been unsubscribed from our newsletter.',
      data: { status: 'unsubscribed' },
    });
    expect((await subscriptions())[0]).toMatchObject({ status: 'unsubscribed' });
    expect((await confirm(link)).status).toBe(200);
    expect((await subscriptions())[0]).toMatchObject({ status: 'unsubscribed' });
    expect(await outbox.drain()).toMatchObject({ sent: 0 });
  });

  it('the unsubscribe token cannot subscribe: subscribing again mails a new confirmation link, and only that link subscribes', async () => {
    const { outbox, clock } = await start();
    await confirm(await signUpAndGetLink('jane@example.com', 1));
    await outbox.drain();
    const token = tokenIn((await sink().waitFor(2))[1]!.text);

    // Subscribed: asking again changes nothing and sends nothing.
    const again = await toggle('subscribe', { token });
    expect(await again.json()).toEqual({
      success: true,
      message: 'You are subscribed to our newsletter.',
      data: { status: 'subscribed' },
    });
    expect(await outbox.drain()).toMatchObject({ sent: 0 });

    expect((await toggle('unsubscribe', { token })).status).toBe(200);
    const on = await toggle('subscribe', { token });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({
      success: true,
      message: 'Please check your inbox and open the link in our e-mail to confirm your subscription.',
      data: { status: 'pending' },
    });
    expect(await subscriptions()).toMatchObject([{ status: 'pending', confirmed_at: null }]);
    expect(await outbox.drain()).toMatchObject({ sent: 1 });
    const mail = (await sink().waitFor(3))[2]!;
    expect(mail).toMatchObject({
      to: 'jane@example.com',
      subject: 'Please confirm your Hearthline Cabinetry newsletter subscription',
    });
    const link = confirmTokenIn(mail.text);

    // Pressed again within the hour: still pending, no second mail.
    clock.advance(CONFIRM_RESEND_INTERVAL_MS - 1000);
    expect(await (await toggle('subscribe', { token })).json()).toMatchObject({ data: { status: 'pending' } });
    expect(await outbox.drain()).toMatchObject({ sent: 0 });

    // The link subscribes, with a welcome and a new unsubscribe token.
    expect((await confirm(link)).status).toBe(200);
    expect(await subscriptions()).toMatchObject([{ status: 'subscribed' }]);
    await outbox.drain();
    expect(tokenIn((await sink().waitFor(4))[3]!.text)).not.toBe(token);
  });

  it('unsubscribing while a subscribe-again waits for its confirmation cancels it: the link no longer subscribes', async () => {
    const { outbox } = await start();
    await confirm(await signUpAndGetLink('jane@example.com', 1));
    await outbox.drain();
    const token = tokenIn((await sink().waitFor(2))[1]!.text);
    await toggle('unsubscribe', { token });
    await toggle('subscribe', { token });
    await outbox.drain();
    const link = confirmTokenIn((await sink().waitFor(3))[2]!.text);
    expect(await (await toggle('unsubscribe', { token })).json()).toMatchObject({ data: { status: 'unsubscribed' } });
    expect((await confirm(link)).status).toBe(404);
    expect(await subscriptions()).toMatchObject([{ status: 'unsubscribed' }]);
  });

  it('repeated signups of a pending address re-send at most once an hour; the newest link is the one that works', async () => {
    const { app, outbox, clock } = await start();
    const first = await signUpAndGetLink('jane@example.com', 1);
    clock.advance(CONFIRM_RESEND_INTERVAL_MS - 1000);
    for (let i = 0; i < 5; i++) expect((await submit(app, NEWSLETTER, { email: 'JANE@example.com' })).status).toBe(200);
    expect(await outbox.drain()).toMatchObject({ sent: 0 });

    clock.advance(2000);
    const second = await signUpAndGetLink('jane@example.com', 2);
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(404);
    expect((await subscriptions())[0]).toMatchObject({ status: 'pending' });
    expect((await confirm(second)).status).toBe(200);
    expect(await subscriptions()).toMatchObject([{ status: 'subscribed' }]);
  });

  it('an expired or unknown link is a 4xx with a clear message and subscribes nobody', async () => {
    const { outbox, clock } = await start();
    const link = await signUpAndGetLink('jane@example.com', 1);
    clock.advance(CONFIRM_TTL_MS + 1000);
    const expired = await confirm(link);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({
      success: false,
      message: 'This confirmation link is invalid or has expired. Please sign up again.',
    });
    const unknown = await confirm('not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      success: false,
      message: 'This confirmation link is invalid or has expired. Please sign up again.',
    });
    expect(await subscriptions()).toMatchObject([{ status: 'pending', confirmed_at: null, token_hash: null }]);
    expect(await outbox.drain()).toMatchObject({ sent: 0 });

    // Signing up again sends a fresh link that works.
    const fresh = await signUpAndGetLink('jane@example.com', 2);
    expect((await confirm(fresh)).status).toBe(200);

    const missing = await post('confirm', {});
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      success: false,
      message: 'Invalid request body',
      errors: { token: 'The confirmation token is missing' },
    });
    expect((await post('confirm', 'token=abc', 'application/x-www-form-urlencoded')).status).toBe(415);
  });

  it('two opens of the same link at once: one welcome', async () => {
    const { outbox } = await start();
    const link = await signUpAndGetLink('jane@example.com', 1);
    const answers = await Promise.all([confirm(link), confirm(link)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await outbox.drain()).toMatchObject({ sent: 1 });
  });

  it('a subscribed address gets no second mail; after unsubscribing, signing up confirms again and a new token replaces the old', async () => {
    const { app, outbox } = await start();
    await confirm(await signUpAndGetLink('jane@example.com', 1));
    await outbox.drain();
    const first = tokenIn((await sink().waitFor(2))[1]!.text);
    expect((await submit(app, NEWSLETTER, { email: 'JANE@example.com' })).status).toBe(200);
    expect(await outbox.drain()).toMatchObject({ sent: 0 });

    await toggle('unsubscribe', { token: first });
    const link = await signUpAndGetLink('jane@example.com', 3);
    expect(await subscriptions()).toMatchObject([{ status: 'pending' }]);
    expect((await confirm(link)).status).toBe(200);
    await outbox.drain();
    const second = tokenIn((await sink().waitFor(4))[3]!.text);
    expect(second).not.toBe(first);
    expect((await toggle('unsubscribe', { token: first })).status).toBe(404);
    expect((await toggle('unsubscribe', { token: second })).status).toBe(200);
    expect(await subscriptions()).toHaveLength(1);
  });

  it('another form signs up (pending) only when its newsletter box is ticked', async () => {
    const { app, outbox } = await start();
    await submit(app, REGISTER, { fullName: 'Jane Doe', emailAddress: 'jane@example.com', newsletter: false });
    await submit(app, CONTACT, {
      firstName: 'Jane',
      email: 'jane@example.com',
      topic: 'design',
      message: 'Hi there, a question',
    });
    expect(await subscriptions()).toEqual([]);
    await outbox.drain();
    const res = await submit(app, REGISTER, { fullName: 'Bob Roe', emailAddress: 'bob@example.com', newsletter: true });
    expect(((await res.json()) as OkJson).success).toBe(true);
    expect(await subscriptions()).toMatchObject([{ email: 'bob@example.com', status: 'pending' }]);
    expect(await outbox.drain()).toMatchObject({ sent: 1 });
    expect((await sink().waitFor(3))[2]).toMatchObject({
      to: 'bob@example.com',
      subject: 'Please confirm your Hearthline Cabinetry newsletter subscription',
    });
  });

  it('an invalid address subscribes nobody (422 from the form)', async () => {
    const { app } = await start();
    const res = await submit(app, NEWSLETTER, { email: 'jane' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { email: 'Invalid email address' } });
    expect(await subscriptions()).toEqual([]);
  });

  it('an unknown unsubscribe token is a 404 with a clear message; bad bodies are 4xx', async () => {
    await start();
    for (const action of ['unsubscribe', 'subscribe'] as const) {
      const res = await toggle(action, { token: 'not-a-real-token' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        success: false,
        message: 'This unsubscribe link is not valid. The subscription was not found.',
      });
    }
    const missing = await toggle('unsubscribe', {});
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      success: false,
      message: 'Invalid request body',
      errors: { token: 'The unsubscribe token is missing' },
    });
    expect((await toggle('unsubscribe', { token: '   ' })).status).toBe(422);
    expect((await toggle('unsubscribe', 'token=abc', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await toggle('unsubscribe', '{"token":')).status).toBe(400);
  });

  it('a pending signup cannot be switched on with the unsubscribe API', async () => {
    const { outbox } = await start();
    const link = await signUpAndGetLink('jane@example.com', 1);
    expect((await toggle('subscribe', { token: link })).status).toBe(404);
    expect(await subscriptions()).toMatchObject([{ status: 'pending' }]);
    expect(await outbox.drain()).toMatchObject({ sent: 0 });
  });
});

describe('concurrent signups', () => {
  it('of one new address (two requests, or two servers) make one pending row and one confirmation token, no error', async () => {
    await start();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => subscribeEmail(t().db, 'Same@Example.com', t().clock)),
    );
    expect(await subscriptions()).toHaveLength(1);
    expect(new Set(results.map((r) => r.row.id)).size).toBe(1);
    expect(results.filter((r) => r.confirmToken)).toHaveLength(1);
  });
});
