import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/index.ts';
import example from './example.json' with { type: 'json' };
import block, { intentFromQuery, methodFromPath, verifyRequest } from './index.tsx';

describe('payment-verify', () => {
  it('prerenders the waiting text', () => {
    const html = renderBlock(block, example.props, { path: '/payment/card/verify' });
    expect(html).toContain('Verifying your payment...');
  });

  it('reads the method from either path and the intent from the query', () => {
    expect(methodFromPath('/payment/card/verify')).toBe('card');
    expect(methodFromPath('/payment/verify/stripe')).toBe('stripe');
    expect(methodFromPath('/payment/fail')).toBeNull();
    expect(intentFromQuery('?payment_intent=pi_1&payment_intent_client_secret=s_1')).toEqual({
      paymentIntentId: 'pi_1',
      paymentIntentClientSecret: 's_1',
    });
    expect(intentFromQuery('?paymentIntentId=pi_2&paymentIntentClientSecret=s_2')).toEqual({
      paymentIntentId: 'pi_2',
      paymentIntentClientSecret: 's_2',
    });
    expect(intentFromQuery('?payment_intent=pi_1')).toBeNull();
  });

  it("sends the spec's fields and the whole query (a provider's own return parameters), nothing for an empty query", () => {
    expect(verifyRequest('?payment_intent=pi_1&payment_intent_client_secret=s_1')).toEqual({
      paymentIntentId: 'pi_1',
      paymentIntentClientSecret: 's_1',
      query: { payment_intent: 'pi_1', payment_intent_client_secret: 's_1' },
    });
    expect(verifyRequest('?tillpay_charge=ch_1&tillpay_secret=s')).toEqual({
      query: { tillpay_charge: 'ch_1', tillpay_secret: 's' },
    });
    expect(verifyRequest('')).toBeNull();
  });
});
