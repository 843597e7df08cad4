/** E-mail: transports (SMTP or .eml files), the outbox table API and its worker. */
export type { MailMessage, Mailer, SentMail } from './message.ts';
export { createMailer, smtpMailer, fileMailer, describeSmtpUrl, type MailerOptions } from './transports.ts';
export { memoryMailer, type MemoryMailer } from './memory-mailer.ts';
export { enqueueMail, outboxCounts, type OutgoingMail } from './outbox.ts';
export {
  OutboxWorker,
  backoffMs,
  DEFAULT_OUTBOX_OPTIONS,
  type OutboxOptions,
  type OutboxHook,
  type DrainResult,
  type OutboxWorkerDeps,
} from './worker.ts';
