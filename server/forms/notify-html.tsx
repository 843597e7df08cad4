/** The HTML parts of the form notification e-mails (notify.ts composes them and their texts). */
import type { CSSProperties } from 'react';
import { Lines, MailLayout, renderMail } from '../mail/layout.tsx';

const cell: CSSProperties = {
  padding: '6px 12px',
  borderBottom: '1px solid #ddd',
  verticalAlign: 'top',
  textAlign: 'left',
};

function RowsTable({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <table style={{ borderCollapse: 'collapse' }}>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            <th style={cell}>{r.label}</th>
            <td style={cell}>
              <Lines text={r.value} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The shop's copy: the whole submission, one row per answer. */
export function submissionHtml(o: {
  title: string;
  intro: string;
  rows: { label: string; value: string }[];
  meta: string;
}): string {
  return renderMail(
    <MailLayout title={o.title} footer={o.meta}>
      <p>{o.intro}</p>
      <RowsTable rows={o.rows} />
    </MailLayout>,
  );
}

/** The visitor's confirmation: the form's fixed text, and an estimate's computed rows. */
export function confirmationHtml(o: {
  title: string;
  greeting: string;
  paragraphs: string[];
  rows: { label: string; value: string }[];
  siteName: string;
  footer: string;
}): string {
  return renderMail(
    <MailLayout title={o.title} footer={o.footer}>
      <p>{o.greeting}</p>
      {o.paragraphs.map((p, i) => (
        <p key={i}>
          <Lines text={p} />
        </p>
      ))}
      {o.rows.length > 0 && <RowsTable rows={o.rows} />}
      <p>{o.siteName}</p>
    </MailLayout>,
  );
}
