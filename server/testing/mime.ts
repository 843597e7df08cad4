/**
 * Just enough MIME to read what nodemailer writes (headers, multipart/alternative,
 * quoted-printable and base64 bodies, RFC 2047 words, attachments), so tests assert on decoded
 * text and bytes.
 */
export interface ParsedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  cc: string;
  messageId: string;
  text: string;
  html: string;
  attachments: ParsedAttachment[];
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=(\s+(?==\?))?/g, (_m, _charset, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function splitHead(raw: string): [Record<string, string>, string] {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return [headers, body];
}

function decodeBody(body: string, encoding = ''): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

interface Walked {
  text: string;
  html: string;
  attachments: ParsedAttachment[];
}

function walk(headers: Record<string, string>, body: string, out: Walked): void {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const [h, b] = splitHead(part.replace(/^\r?\n/, ''));
      walk(h, b.replace(/\r?\n$/, ''), out);
    }
    return;
  }
  const disposition = headers['content-disposition'] ?? '';
  if (/^attachment/i.test(disposition)) {
    const base64 = headers['content-transfer-encoding']?.toLowerCase() === 'base64';
    out.attachments.push({
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
      contentType: type.split(';')[0]!.trim(),
      content: base64 ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'latin1'),
    });
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']);
  if (/^text\/html/i.test(type)) out.html ||= decoded;
  else if (/^text\/plain/i.test(type)) out.text ||= decoded;
}

export function parseMail(raw: string): ParsedMail {
  const [headers, body] = splitHead(raw);
  const out: Walked = { text: '', html: '', attachments: [] };
  walk(headers, body, out);
  return {
    headers,
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    to: headers.to ?? '',
    cc: headers.cc ?? '',
    messageId: headers['message-id'] ?? '',
    text: out.text.trim(),
    html: out.html.trim(),
    attachments: out.attachments,
  };
}
