/**
 * A separate process that runs one OutboxWorker pass (system clock, default options) against a
 * database (a SQLite file or a postgres:// URL) and an SMTP URL:
 * `node --import tsx outbox-worker-process.ts <db file or URL> <smtp url>`.
 * The crash test points it at a server that never answers DATA and kills it with SIGKILL.
 */
import { openDatabase } from '../db/open.ts';
import { smtpMailer } from '../mail/transports.ts';
import { OutboxWorker } from '../mail/worker.ts';

const [dbFile, smtpUrl] = process.argv.slice(2);
if (!dbFile || !smtpUrl) {
  console.error('usage: outbox-worker-process.ts <db file> <smtp url>');
  process.exit(2);
}
const db = openDatabase(dbFile);
const mailer = smtpMailer(smtpUrl, 'Joinery <no-reply@localhost>');
await new OutboxWorker({ db, mailer }).drain();
mailer.close();
await db.destroy();
