/**
 * The typed shape of the database, one interface per table. Add a table here together with
 * the migration that creates it (server/db/migrations/).
 *
 * Times are ISO-8601 UTC strings: they sort as text in SQLite and cast cleanly in PostgreSQL.
 */
import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';

export type MailStatus = 'queued' | 'sent' | 'failed';

/** E-mails waiting for, or done with, delivery by the OutboxWorker. */
export interface EmailOutboxTable {
  id: Generated<number>;
  /** What the message is, e.g. 'order-confirmation', 'form-notification'. */
  kind: string;
  to: string;
  /** JSON array of addresses. */
  cc: ColumnType<string, string | undefined, string>;
  subject: string;
  html: string;
  text: string;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  /** When the worker may (re)try; while a worker holds the row it is its lease, renewed by a heartbeat. */
  next_attempt_at: string;
  /** The claim holding the row (a fresh random token per claim), null when none. */
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  sent_at: string | null;
  /** What the message is about (e.g. 'order', '42'), so a sent hook can update that record. */
  ref_type: string | null;
  ref_id: string | null;
  /** The Reply-To address, null for none. */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of { filename, contentType, content (base64) }, null for none. */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One form submission; a multi-step form updates its row step by step (server/forms). */
export interface FormSubmissionsTable {
  /** A random UUID: the client sends it back with later steps. */
  id: string;
  form_name: string;
  /** formHash of the definition the submission was validated against. */
  definition_hash: string;
  /** JSON object of the cleaned non-file values (files are in submission_files). */
  data: string;
  /** JSON array of the step indexes accepted so far. */
  completed_steps: string;
  /** Set when the last step (or a single-step form) is accepted; the row is then final. */
  completed_at: string | null;
  /** An estimator's figures as the server computed them (JSON, integer cents); null for other forms. */
  estimate: string | null;
  ip: string | null;
  created_at: string;
  updated_at: string;
}

/** A file uploaded with a submission, stored under the upload folder as stored_name. */
export interface SubmissionFilesTable {
  id: Generated<number>;
  submission_id: string;
  field: string;
  /** The client's file name, for display only (never used as a path). */
  original_name: string;
  stored_name: string;
  /** The type detected from the content. */
  mime: string;
  size: number;
  created_at: string;
}

/** 'pending': signed up, confirmation link not opened yet (double opt-in); never mailed a newsletter. */
export type SubscriptionStatus = 'pending' | 'subscribed' | 'unsubscribed';

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  status: SubscriptionStatus;
  /**
   * SHA-256 hex of the unsubscribe token (the token itself is only in the welcome e-mail); null
   * until the address is confirmed.
   */
  token_hash: string | null;
  /** SHA-256 hex of the confirmation token (the token itself is only in the confirmation e-mail). */
  confirm_token_hash: string | null;
  /** When the last confirmation e-mail was queued: the link expires from here. */
  confirm_sent_at: string | null;
  /** When the confirmation link was opened. */
  confirmed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A guest checkout order (server/commerce). Amounts are integer cents (`_cents`); flags are 0/1. */
export interface OrdersTable {
  id: Generated<number>;
  /** The human order number, 100000000 + id ("100000123"); set in the creating transaction. */
  order_increment_id: string | null;
  state: string;
  /** pending -> pending_payment (a payment that did not complete) -> ordered (paid). */
  status: string;
  email: string;
  first_name: string;
  last_name: string;
  customer_is_guest: number;
  same_as_billing: number;
  weight: number;
  subtotal_cents: number;
  subtotal_incl_tax_cents: number;
  shipping_amount_cents: number;
  shipping_tax_amount_cents: number;
  shipping_incl_tax_cents: number;
  shipping_method: string;
  shipping_label: string;
  tax_percent: number;
  tax_amount_cents: number;
  total_cents: number;
  total_item_count: number;
  order_currency_code: string;
  payment_method: string;
  payment_method_label: string;
  email_sent: number;
  additional_notes: string | null;
  /** SHA-256 hex of the client's idempotency key (unique: one order per key). */
  idempotency_key: string;
  /** SHA-256 hex of the normalised request that created the order (a replay must match). */
  request_hash: string;
  /** SHA-256 hex of the order token. */
  token_hash: string;
  /** The order token sealed with a key derived from the idempotency key (AES-256-GCM). */
  token_box: string;
  token_expires_at: string;
  payment_lock_until: string | null;
  /** The quote this order pays (an order made from a quote link), else null. */
  quote_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  sku: string;
  name: string;
  price_cents: number;
  original_price_cents: number;
  price_incl_tax_cents: number;
  qty: number;
  weight: number;
  row_weight: number;
  row_total_cents: number;
  tax_percent: number;
  tax_amount_cents: number;
  row_total_incl_tax_cents: number;
  /** JSON: { finish: { type, value, label }, styleName, styleTitle }. */
  custom_options: string;
}

export type AddressType = 'billing' | 'shipping';

/**
 * The columns of a stored address, the same for an order's and a quote's. Each owner keeps its
 * own table so the row's owner is a foreign key that cascades (an order_id or a quote_id).
 */
export interface AddressColumns {
  type: AddressType;
  email: string;
  first_name: string;
  last_name: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip_code: string;
  country_id: string;
  phone_number: string;
}

export interface OrderAddressesTable extends AddressColumns {
  id: Generated<number>;
  order_id: number;
}

export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'on_hold';

/** A payment's provider-neutral state (server/commerce/payment-state.ts says what each means). */
export type PaymentState =
  | 'created'
  | 'authorizing'
  | 'awaiting_customer'
  | 'in_review'
  | 'captured'
  | 'failed'
  | 'canceled';

/** One payment attempt of an order. */
export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  method: string;
  method_label: string;
  gateway: string;
  status: PaymentStatus;
  /** Provider-neutral, written by the pay steps (server/commerce/payment-state.ts). */
  state: ColumnType<PaymentState, PaymentState | undefined, PaymentState>;
  amount_cents: number;
  transaction_id: string | null;
  client_secret_hash: string | null;
  /** JSON: response code, message, card brand and last 4 (never the number or CVV). */
  additional_data: string;
  created_at: string;
  updated_at: string;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  comment: string;
  is_customer_notified: number;
  created_at: string;
}

/** One limiter's hits from one address in the current window (server/http/rate-limit-store.ts). */
export interface RateLimitHitsTable {
  /** "<limiter>:<address>". */
  key: string;
  hits: number;
  /** When the window ends (ISO-8601): the next hit after it starts a new one. */
  reset_at: string;
}

/** A card token of the sandbox gateway (its own store: never read by the shop's code). */
export interface SandboxGatewayTokensTable {
  id: string;
  /** Which test-card behaviour the card has (approved, declined, ...). */
  kind: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  used_at: string | null;
  expires_at: string;
  created_at: string;
}

/** A charge or payment intent of the sandbox gateway. */
export interface SandboxGatewayIntentsTable {
  id: string;
  idempotency_key: string | null;
  client_secret_hash: string | null;
  /** Intent status: succeeded, requires_action, canceled, processing ... */
  status: string;
  response_code: number | null;
  message: string;
  amount_cents: number;
  currency: string;
  brand: string;
  last4: string;
  return_url: string | null;
  /** JSON object of strings (orderId, orderIncrementId, paymentId). */
  metadata: string;
  created_at: string;
  updated_at: string;
}

/** A provider's webhook event already handled. */
export interface PaymentEventsTable {
  gateway: string;
  event_id: string;
  type: string;
  processed_at: string;
}

export type QuoteStatus = 'open' | 'paid' | 'canceled';

/** A quote paid through a link (server/quotes). Amounts in integer cents; the link token only as its SHA-256. */
export interface QuotesTable {
  id: Generated<number>;
  quote_increment_id: string | null;
  po_number: string | null;
  first_name: string;
  last_name: string;
  email: string;
  shipping_method: string;
  shipping_label: string;
  additional_notes: string | null;
  subtotal_cents: number;
  shipping_amount_cents: number;
  tax_amount_cents: number;
  discount_amount_cents: number;
  total_cents: number;
  status: QuoteStatus;
  token_hash: string;
  expires_at: string;
  /** The order the paid quote became (unique: one order per quote). */
  order_id: number | null;
  /** Unused: a quote's payment holds its order's lease (orders.payment_lock_until). */
  payment_lock_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface QuoteItemsTable {
  id: Generated<number>;
  quote_id: number;
  position: number;
  name: string;
  sku: string;
  qty: number;
  price_cents: number;
  row_total_cents: number;
  notes: string | null;
}

export interface QuoteAddressesTable extends AddressColumns {
  id: Generated<number>;
  quote_id: number;
}

/** Charges taken on a quote before quotes paid through their order: no longer written, kept for the record. */
export interface QuotePaymentsTable {
  id: Generated<number>;
  quote_id: number;
  method: string;
  method_label: string;
  gateway: string;
  status: PaymentStatus;
  amount_cents: number;
  transaction_id: string | null;
  client_secret_hash: string | null;
  message: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}

export interface Database {
  quotes: QuotesTable;
  quote_items: QuoteItemsTable;
  quote_addresses: QuoteAddressesTable;
  quote_payments: QuotePaymentsTable;
  email_outbox: EmailOutboxTable;
  form_submissions: FormSubmissionsTable;
  submission_files: SubmissionFilesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_addresses: OrderAddressesTable;
  payments: PaymentsTable;
  order_status_history: OrderStatusHistoryTable;
  sandbox_gateway_tokens: SandboxGatewayTokensTable;
  sandbox_gateway_intents: SandboxGatewayIntentsTable;
  payment_events: PaymentEventsTable;
  rate_limit_hits: RateLimitHitsTable;
}

/** The database, or a transaction on it (a Transaction is a Kysely). */
export type Db = Kysely<Database>;

export type OutboxRow = Selectable<EmailOutboxTable>;
export type NewOutboxRow = Insertable<EmailOutboxTable>;
export type FormSubmissionRow = Selectable<FormSubmissionsTable>;
export type SubmissionFileRow = Selectable<SubmissionFilesTable>;
export type NewsletterSubscriptionRow = Selectable<NewsletterSubscriptionsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type OrderAddressRow = Selectable<OrderAddressesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type OrderStatusHistoryRow = Selectable<OrderStatusHistoryTable>;
export type SandboxGatewayIntentRow = Selectable<SandboxGatewayIntentsTable>;
export type QuoteRow = Selectable<QuotesTable>;
export type QuoteItemRow = Selectable<QuoteItemsTable>;
export type QuoteAddressRow = Selectable<QuoteAddressesTable>;
