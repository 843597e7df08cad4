/**
 * The offline sandbox gateway: the shop's direct-entry card fields handed to its tokenizer script
 * (the method's `config.tokenizerUrl`), which posts the card to the gateway and gives back a
 * token; the page sends only that token to the shop's pay route.
 */
import { PAYMENT_MESSAGES } from '../../commerce/messages.ts';
import { loadScript } from '../../ui/load-script.ts';
import type { CardValues } from '../checkout-form.ts';
import type { BrowserGateway, Tokenized } from './gateway.ts';

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

export async function tokenizeCard(url: string, card: CardValues): Promise<Tokenized> {
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

const sandbox: BrowserGateway = {
  preload: (m) => void loadScript(m.config?.tokenizerUrl ?? '').catch(() => undefined),
  tokenize: (req) => tokenizeCard(req.method.config?.tokenizerUrl ?? '', req.card),
};
export default sandbox;
