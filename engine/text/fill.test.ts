import { describe, expect, it } from 'vitest';
import { fillText } from './fill.ts';

describe('fillText', () => {
  it('fills every known placeholder and leaves unknown ones visible', () => {
    expect(fillText('Payment failed for order {id}: {message}', { id: 100000001, message: 'Declined' })).toBe(
      'Payment failed for order 100000001: Declined',
    );
    expect(fillText('{label} is too long ({n})', { label: 'City' })).toBe('City is too long ({n})');
  });
});
