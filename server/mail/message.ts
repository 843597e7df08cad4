/** What the server hands a mail transport, and the transport's contract. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  from?: string;
  to: string;
  cc?: readonly string[];
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Kept the same across retries so a receiver can drop a duplicate delivery. */
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: readonly MailAttachment[];
}

export interface SentMail {
  messageId: string;
}

/** Sends one message or throws; never retries by itself (the outbox does). */
export interface Mailer {
  /** For the start banner and logs; never holds a password. */
  readonly description: string;
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}
