/**
 * Every migration, by name. Kysely applies them in name order, so a new one is a file
 * `NNNN_what.ts` (next number) exporting `up` (and `down`), listed here.
 * A test fails when a file in this folder is not listed.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_email_outbox.ts';
import * as m0002 from './0002_forms.ts';
import * as m0003 from './0003_newsletter.ts';
import * as m0004 from './0004_orders.ts';
import * as m0005 from './0005_newsletter_confirm.ts';
import * as m0006 from './0006_outbox_claims.ts';
import * as m0007 from './0007_form_estimate.ts';
import * as m0008 from './0008_money_cents.ts';
import * as m0009 from './0009_payment_tokens.ts';
import * as m0010 from './0010_quotes.ts';
import * as m0011 from './0011_rate_limits.ts';
import * as m0012 from './0012_quote_orders.ts';
import * as m0013 from './0013_outbox_reply_attachments.ts';
import * as m0014 from './0014_payment_state.ts';

export const migrations: Record<string, Migration> = {
  '0001_email_outbox': m0001,
  '0002_forms': m0002,
  '0003_newsletter': m0003,
  '0004_orders': m0004,
  '0005_newsletter_confirm': m0005,
  '0006_outbox_claims': m0006,
  '0007_form_estimate': m0007,
  '0008_money_cents': m0008,
  '0009_payment_tokens': m0009,
  '0010_quotes': m0010,
  '0011_rate_limits': m0011,
  '0012_quote_orders': m0012,
  '0013_outbox_reply_attachments': m0013,
  '0014_payment_state': m0014,
};
