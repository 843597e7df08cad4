/**
 * Direct-entry card fields handed to a gateway's own script (the offline sandbox gateway's
 * tokenizer, at the method's `config.tokenizerUrl`): the script posts the card to the gateway and
 * gives back a token; the page sends only that token to the shop's API. Loaded only when such a
 * method is shown.
 */
import { PAYMENT_MESSAGES } from '../../commerce/messages.ts';
import { loadScript } from '../../ui/load-script.ts';
import type { CardValues } from '../checkout-form.ts';

interface TokenizerApi {
  createToken(
    card: CardValues,
  ): Promise<{ token?: string; error?: { message?: string; errors?: Record<string, string> } }>;
}

declare global {
  interface Window {
    SandboxGateway?: TokenizerApi;
  }
}

export type TokenResult = { token: string } | { error: string; fieldErrors?: Record<string, string> };

/** Starts loading the gateway's script (the payment section is shown). */
export const preloadTokenizer = (url: string) => loadScript(url).catch(() => undefined);

export async function tokenizeCard(url: string, card: CardValues): Promise<TokenResult> {
  try {
    await loadScript(url);
  } catch {
    return { error: PAYMENT_MESSAGES.notAvailable };
  }
  const api = window.SandboxGateway;
  if (!api) return { error: PAYMENT_MESSAGES.notAvailable };
  const r = await api.createToken({
    number: card.number.trim(),
    expMonth: card.expMonth,
    expYear: card.expYear,
    cvv: card.cvv.trim(),
  });
  if (r.token) return { token: r.token };
  const fieldErrors = r.error?.errors
    ? Object.fromEntries(Object.entries(r.error.errors).map(([k, m]) => [`card.${k}`, m]))
    : undefined;
  return { error: r.error?.message || PAYMENT_MESSAGES.error, ...(fieldErrors ? { fieldErrors } : {}) };
}
