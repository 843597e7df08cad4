/** The HTML parts of the newsletter e-mails (confirm-mail.ts and welcome-mail.ts compose them and their texts). */
import { MailLayout, renderMail } from '../mail/layout.tsx';

export function confirmHtml(o: { title: string; ask: string; link: string; ignore: string }): string {
  return renderMail(
    <MailLayout title={o.title} footer={o.ignore}>
      <p>{o.ask}</p>
      <p>
        <a href={o.link}>Confirm my subscription</a>
      </p>
    </MailLayout>,
  );
}

export function welcomeHtml(o: { title: string; thanks: string; news: string; link: string }): string {
  return renderMail(
    <MailLayout
      title={o.title}
      footer={
        <>
          To stop receiving the newsletter, <a href={o.link}>unsubscribe here</a>.
        </>
      }
    >
      <p>{o.thanks}</p>
      <p>{o.news}</p>
    </MailLayout>,
  );
}
