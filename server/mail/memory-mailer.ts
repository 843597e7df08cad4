/** A mailer that keeps messages in memory and can be told to fail: for unit tests. */
import type { MailMessage, Mailer } from './message.ts';

export interface MemoryMailer extends Mailer {
  sent: MailMessage[];
  /** The next `count` sends throw `error`. */
  failNext(count?: number, error?: Error): void;
}

export function memoryMailer(): MemoryMailer {
  let failures = 0;
  let failure = new Error('mail server unavailable');
  const sent: MailMessage[] = [];
  return {
    description: 'memory',
    sent,
    failNext(count = 1, error) {
      failures = count;
      if (error) failure = error;
    },
    async send(m) {
      if (failures > 0) {
        failures--;
        throw failure;
      }
      sent.push(m);
      return { messageId: m.messageId ?? `<memory-${sent.length}@localhost>` };
    },
    close() {},
  };
}
