// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_ERROR_KEY, PAYMENT_MESSAGES } from '../../engine/index.ts';
import { PageContext, testPage, blockProps } from '../../engine/testing/index.ts';
import block from './index.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('payment-verify in the browser', () => {
  it("without the provider's intent in the address, keeps the reason and replaces the page with the failure page", async () => {
    history.replaceState(null, '', '/payment/card/verify');
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const Verify = block.component;
    const container = document.createElement('div');
    await act(async () => {
      createRoot(container).render(
        <PageContext.Provider value={testPage('/payment/:method/verify')}>
          <Verify {...blockProps(block, {})} />
        </PageContext.Provider>,
      );
    });
    expect(replace).toHaveBeenCalledWith('/payment/fail');
    expect(sessionStorage.getItem(PAYMENT_ERROR_KEY)).toBe(PAYMENT_MESSAGES.processingError);
  });
});
