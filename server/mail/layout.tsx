/**
 * Every e-mail's HTML part is a React element rendered with renderToStaticMarkup: one layout, and
 * React escapes every value (a stored name, a typed message, a link) where it lands, text or
 * attribute. The plain-text part is composed beside each e-mail.
 */
import { Fragment, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as ReactDomServer from 'react-dom/server';
import { escapeHtml } from '../../engine/node.ts';

/** The shop's e-mail colours (mail clients take inline styles only). */
export const MAIL_COLORS = {
  ink: '#1f1d1a',
  muted: '#5c554d',
  link: '#7a4a1f',
  rule: '#d9d1c5',
  page: '#f6f2ec',
  card: '#ffffff',
} as const;

const mutedStyle: CSSProperties = { color: MAIL_COLORS.muted, fontSize: 12 };
export const linkStyle: CSSProperties = { color: MAIL_COLORS.link };

export interface MailLayoutProps {
  /** The document's title (the subject). */
  title: string;
  /** A boxed line above everything else (test mode). */
  notice?: string;
  /** Small print under the content (who sent it, why, how to stop it). */
  footer?: ReactNode;
  children: ReactNode;
}

export function MailLayout({ title, notice, footer, children }: MailLayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: 24,
          background: MAIL_COLORS.page,
          fontFamily: "system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif",
          color: MAIL_COLORS.ink,
        }}
      >
        <div style={{ maxWidth: 640, margin: '0 auto', background: MAIL_COLORS.card, padding: 24, borderRadius: 8 }}>
          {notice && (
            <p
              style={{
                margin: '0 0 16px',
                padding: '8px 12px',
                border: '2px solid #8a5a00',
                borderRadius: 6,
                background: '#fff4d6',
                color: MAIL_COLORS.ink,
              }}
            >
              <strong>{notice}</strong>
            </p>
          )}
          {children}
          {footer && <p style={{ ...mutedStyle, marginTop: 24 }}>{footer}</p>}
        </div>
      </body>
    </html>
  );
}

/** A paragraph's text with its line breaks kept. */
export function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/** The HTML part of an e-mail. React's server renderer loads at the first one, not at the server's start. */
export const renderMail = (element: ReactElement): string => {
  const { renderToStaticMarkup } = createRequire(import.meta.url)('react-dom/server') as typeof ReactDomServer;
  return `<!doctype html>${renderToStaticMarkup(element)}`;
};

const SLOT_NONCE = `\u0000${randomUUID()}:`;

/**
 * Renders `render(mark)` once with a marker for each slot, and returns a function that fills the
 * slots with escaped values: e-mails that differ only in a few texts (an order's customer and
 * admin e-mails) render once. The markers are random per process, so no stored value can hold one.
 */
export function mailTemplate<K extends string>(
  slots: readonly K[],
  render: (mark: Record<K, string>) => string,
): (values: Record<K, string>) => string {
  const mark = Object.fromEntries(slots.map((k) => [k, `${SLOT_NONCE}${k}\u0000`])) as Record<K, string>;
  // "text", nonce + "slot\0text", ...: each part after the first starts with its slot's name.
  const [head = '', ...rest] = render(mark).split(SLOT_NONCE);
  const tail = rest.map((part) => {
    const end = part.indexOf('\u0000');
    return { slot: part.slice(0, end) as K, text: part.slice(end + 1) };
  });
  return (values) => {
    let out = head;
    for (const t of tail) out += escapeHtml(values[t.slot]) + t.text;
    return out;
  };
}
