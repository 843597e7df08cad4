/** What every route factory receives: the injected dependencies plus what createServer made. */
import type { Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/open.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/message.ts';
import type { OutboxWorker } from './mail/worker.ts';
import type { PaymentProviders } from './payments/provider.ts';

export interface AppDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  config: ServerConfig;
  /** Queue mail with enqueueMail(deps.db or a transaction, ...), then outbox.notify(). */
  outbox: OutboxWorker;
  /** The content folder (site-config): site.json, forms, catalogues. */
  siteDir: string;
  /** The payment providers by gateway name (createServer({ payments })). */
  payments: PaymentProviders;
}
