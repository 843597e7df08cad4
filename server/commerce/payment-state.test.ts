import { describe, expect, it } from 'vitest';
import { settledState, stateAfter } from './payment-state.ts';

describe('payment state', () => {
  it('names where a settled answer leaves the payment, whatever the provider', () => {
    expect(stateAfter('completed', undefined, 'tx')).toBe('captured');
    expect(stateAfter('failed', undefined, 'tx')).toBe('failed');
    expect(stateAfter('failed', 'authenticate', 'tx')).toBe('canceled');
    expect(stateAfter('on_hold', 'authenticate', 'tx')).toBe('awaiting_customer');
    expect(stateAfter('on_hold', 'review', 'tx')).toBe('in_review');
    expect(stateAfter('on_hold', undefined, null)).toBe('in_review');
    expect(stateAfter('pending', 'review', 'tx')).toBe('in_review');
    expect(stateAfter('pending', undefined, 'tx')).toBe('authorizing');
    expect(stateAfter('pending', undefined, null)).toBe('created');
  });

  it('keeps a payment the shop canceled canceled when the provider later declines it', () => {
    expect(settledState('canceled', 'failed')).toBe('canceled');
    expect(settledState('awaiting_customer', 'failed')).toBe('failed');
    expect(settledState('canceled', 'captured')).toBe('captured');
  });
});
