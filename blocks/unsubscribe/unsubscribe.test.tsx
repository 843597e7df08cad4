import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { UnsubscribeProps } from '../../schemas/types/blocks/unsubscribe.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';
import { toggleSubscription } from './toggle.ts';

describe('unsubscribe', () => {
  it('starts with the unsubscribe button and an empty status line', () => {
    const screen = renderBlockScreen(block, example.props as UnsubscribeProps, {
      path: '/unsubscribe/:unsubscribeToken',
    });
    expect(screen.getByRole('button', { name: 'Unsubscribe' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('uses its defaults when the page gives no texts', () => {
    expect(renderBlockScreen(block, {} as UnsubscribeProps).getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });
});

describe('toggleSubscription', () => {
  const calls: { url: string; body: unknown }[] = [];
  const server = (status: number, body: unknown) =>
    (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(body), { status });
    }) as unknown as typeof fetch;

  it('posts the token and reads the new status', async () => {
    const out = await toggleSubscription(
      '/api/newsletter/',
      'unsubscribe',
      'tok',
      server(200, { success: true, message: 'ok', data: { status: 'unsubscribed' } }),
    );
    expect(out).toEqual({ ok: true, status: 'unsubscribed' });
    expect(calls.at(-1)).toEqual({ url: '/api/newsletter/unsubscribe', body: { token: 'tok' } });
    // Subscribing again waits for the e-mailed confirmation link.
    expect(
      await toggleSubscription(
        '/api/newsletter',
        'subscribe',
        'tok',
        server(200, { success: true, message: 'ok', data: { status: 'pending' } }),
      ),
    ).toEqual({ ok: true, status: 'pending' });
  });

  it('fails on an unknown token, an unsuccessful answer, no token or no network', async () => {
    expect(
      await toggleSubscription(
        '/api/newsletter',
        'subscribe',
        'nope',
        server(404, { success: false, message: 'Not found' }),
      ),
    ).toEqual({ ok: false });
    expect(await toggleSubscription('/api/newsletter', 'subscribe', 'tok', server(200, { success: false }))).toEqual({
      ok: false,
    });
    expect(await toggleSubscription('/api/newsletter', 'subscribe', '', server(200, { success: true }))).toEqual({
      ok: false,
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await toggleSubscription('/api/newsletter', 'subscribe', 'tok', offline)).toEqual({ ok: false });
  });
});
