/**
 * One browser gateway per payment provider: it mounts the card fields (the shop's own direct-entry
 * fields handed to its script, or its hosted fields), turns the card into a token, names the pay
 * call when the provider has its own route, and finishes a hand-off the answer asks for
 * (authentication, confirmation, capture). The checkout and the quote page pay only through this
 * interface; the provider's words stay in its gateway file.
 */
import type { ComponentType, Ref } from 'react';
import type { AddressValues, CardValues } from '../checkout-form.ts';
import type { ApiResult, PaymentMethodInfo } from '../checkout-client.ts';

/** What is paid: an order of the checkout, or a quote through its link. */
export interface PaySubject {
  kind: 'order' | 'quote';
  id: number;
  /** The order's token, or the quote link's. */
  token: string;
}

/** A pay answer in the shop API's words (POST /api/order/pay, /api/quote/pay and the providers' routes). */
export interface PayAnswer {
  status?: string;
  nextAction?: { type?: string; url?: string };
  /** The order once placed (checkout). */
  order?: {
    orderIncrementId: string;
    status?: string;
    total: number;
    subtotal: number;
    taxAmount: number;
    shippingAmount: number;
  };
  /** The payment (quote). */
  transactionId?: string | null;
  amount?: number;
  method?: string;
  methodLabel?: string;
}

/** Where a payment attempt ended, in no provider's words. */
export type PayOutcome =
  | { kind: 'paid'; answer: PayAnswer }
  /** An authentication page of the provider's: the page goes there and comes back to the verify page. */
  | { kind: 'redirect'; url: string }
  /** Taken but not final (held for review, or waiting at the provider): the answer's message says which. */
  | { kind: 'held'; answer: PayAnswer; message: string }
  | { kind: 'failed'; message: string; errors?: Record<string, string> };

export interface PayRequest {
  subject: PaySubject;
  method: PaymentMethodInfo;
  /** The shop's direct-entry fields (empty with hosted fields). */
  card: CardValues;
  /** Who pays, for the provider's records. */
  payer: { name: string; email: string; phone: string };
  /** Checkout only: the addresses as submitted, and the order's total as the server computed it. */
  billing?: AddressValues;
  shipping?: AddressValues;
  total?: number;
  /** The hosted fields' handle, when the gateway has its own. */
  hosted: HostedHandle | null;
}

export type Tokenized = { token: string; data?: unknown } | { error: string; fieldErrors?: Record<string, string> };

/** Hosted fields, as the form sees them; each gateway's handle may do more for its own file. */
export interface HostedHandle {
  /** Errors keyed `hosted.<part>`; empty when every field is complete. */
  validate(): Record<string, string>;
  /** Focuses a field by its error key: the first error gets the focus. */
  focus(key: string): void;
}

export interface HostedFieldsProps {
  method: PaymentMethodInfo;
  errors: Record<string, string>;
  /** A field changed: its error (by key) goes. */
  onChange: (key: string) => void;
  handle: Ref<HostedHandle | null>;
}

/** Things a gateway may do on the page while it finishes. */
export interface PayUi {
  notify(message: string): void;
}

export interface BrowserGateway {
  /** Starts loading the provider's script (its method is chosen). */
  preload(method: PaymentMethodInfo): void;
  /** The provider's hosted fields; absent: the shop's direct-entry fields are shown. */
  Fields?: ComponentType<HostedFieldsProps>;
  tokenize(req: PayRequest): Promise<Tokenized>;
  /** The provider's own pay route and body; absent: the shop's pay route with the token. */
  payCall?(req: PayRequest, token: { token: string; data?: unknown }): { url: string; body: unknown } | undefined;
  /** Reads the pay answer, finishing any hand-off it asks for; absent: the answer as it is. */
  finish?(r: ApiResult<PayAnswer>, req: PayRequest, ui: PayUi): Promise<PayOutcome>;
}

export const HOSTED_PREFIX = 'hosted.';
