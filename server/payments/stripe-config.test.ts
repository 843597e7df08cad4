import { describe, expect, it } from 'vitest';
import { parseBracketForm } from '../testing/stripe-stand-in.ts';
import { describeProviders } from './registry.ts';
import { apiUrlOptions, statusFromIntent, stripeConfigFromEnv, stripeProvider } from './stripe.ts';

describe('Stripe configuration', () => {
  it('needs all three keys or none, naming the missing ones; STRIPE_API_URL is optional', () => {
    expect(stripeConfigFromEnv({})).toBeUndefined();
    expect(stripeConfigFromEnv({ STRIPE_SECRET_KEY: ' ', STRIPE_API_URL: 'http://127.0.0.1:1' })).toBeUndefined();
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' })).toThrow(
      'Stripe is partly configured: STRIPE_WEBHOOK_SECRET is missing',
    );
    expect(() =>
      stripeConfigFromEnv({ STRIPE_SECRET_KEY: ' ', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'wh' }),
    ).toThrow('Stripe is partly configured: STRIPE_SECRET_KEY is missing');
    expect(
      stripeConfigFromEnv({
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_PUBLISHABLE_KEY: 'pk',
        STRIPE_WEBHOOK_SECRET: 'wh',
        STRIPE_API_URL: '',
      }),
    ).toEqual({ secretKey: 'sk', publishableKey: 'pk', webhookSecret: 'wh' });
  });

  it('maps STRIPE_API_URL onto the SDK host, port and protocol', () => {
    expect(apiUrlOptions(undefined)).toEqual({});
    expect(apiUrlOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(apiUrlOptions('https://stripe.internal')).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
    expect(() => apiUrlOptions('not a url')).toThrow('STRIPE_API_URL is not a URL');
    expect(() => apiUrlOptions('ftp://x')).toThrow('must be http or https');
  });

  it('hands the browser the publishable key only, and says which providers are live', () => {
    const p = stripeProvider({
      secretKey: 'sk_test_secret',
      publishableKey: 'pk_test_public',
      webhookSecret: 'whsec_x',
    });
    expect(p.publicConfig).toEqual({ publishableKey: 'pk_test_public' });
    expect(describeProviders({ sandbox: p, stripe: p }, { STRIPE_API_URL: 'http://127.0.0.1:12111' })).toBe(
      'sandbox, stripe (http://127.0.0.1:12111)',
    );
  });

  it('the stand-in reads bracket keys as Stripe does', () => {
    expect(parseBracketForm('amount=1602&metadata[orderId]=7&expand[0]=payment_method&card[number]=4242')).toEqual({
      amount: '1602',
      metadata: { orderId: '7' },
      expand: { 0: 'payment_method' },
      card: { number: '4242' },
    });
  });
});

describe('Stripe intent statuses', () => {
  it("map onto the spec's payment statuses; an unknown one is not money received", () => {
    const statuses = [
      'succeeded',
      'requires_payment_method',
      'processing',
      'requires_capture',
      'requires_confirmation',
      'canceled',
      'requires_action',
      'something_new',
    ];
    expect(statuses.map(statusFromIntent)).toEqual([
      'completed',
      'pending',
      'pending',
      'pending',
      'pending',
      'failed',
      'on_hold',
      'pending',
    ]);
  });
});
