/** Mail for the benches and tools: queue a message in the outbox, the transports, the outbox worker that sends. */
export { enqueueMail } from './outbox.ts';
export { memoryMailer } from './memory-mailer.ts';
export { smtpMailer } from './transports.ts';
export { DEFAULT_OUTBOX_OPTIONS, OutboxWorker } from './worker.ts';
