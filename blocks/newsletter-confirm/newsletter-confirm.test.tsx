import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { NewsletterConfirmProps } from '../../schemas/types/blocks/newsletter-confirm.ts';
import { confirmSubscription } from './confirm.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('newsletter-confirm', () => {
  it('renders the pending text until the server answers', () => {
    const screen = renderBlockScreen(block, example.props as NewsletterConfirmProps, {
      path: '/newsletter/confirm/:confirmToken',
    });
    expect(screen.getByRole('status').textContent).toBe('Confirming your subscription…');
    expect(renderBlockScreen(block, {} as NewsletterConfirmProps).getByRole('status').textContent).toBe(
      'Confirming your subscription…',
    );
  });
});

describe('confirmSubscription', () => {
  const calls: { url: string; body: unknown }[] = [];
  const server = (status: number, body: unknown) =>
    (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(body), { status });
    }) as unknown as typeof fetch;

  it('posts the token and tells a first confirmation from a repeated one', async () => {
    expect(
      await confirmSubscription(
        '/api/newsletter/',
        'tok',
        server(200, { success: true, data: { status: 'subscribed', alreadyConfirmed: false } }),
      ),
    ).toBe('confirmed');
    expect(calls.at(-1)).toEqual({ url: '/api/newsletter/confirm', body: { token: 'tok' } });
    expect(
      await confirmSubscription(
        '/api/newsletter',
        'tok',
        server(200, { success: true, data: { status: 'subscribed', alreadyConfirmed: true } }),
      ),
    ).toBe('already');
  });

  it('an unknown or expired link is invalid; no answer or a 5xx is an error', async () => {
    expect(await confirmSubscription('/api/newsletter', 'nope', server(404, { success: false }))).toBe('invalid');
    expect(await confirmSubscription('/api/newsletter', 'old', server(410, { success: false }))).toBe('invalid');
    expect(await confirmSubscription('/api/newsletter', '', server(200, { success: true }))).toBe('invalid');
    expect(await confirmSubscription('/api/newsletter', 'tok', server(500, { success: false }))).toBe('error');
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await confirmSubscription('/api/newsletter', 'tok', offline)).toBe('error');
  });
});
