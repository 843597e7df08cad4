/**
 * An estimator submission through the real app: the server recomputes the figures from its own
 * pricing file, stores its figures (never the client's) and mails them to the shop, and to the
 * visitor with the PDF estimate attached (delivered to a real SMTP server, read back with pdftotext).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormFile } from '../../engine/node.ts';
import { siteServerPerTest, submit, type ErrorJson } from './test-support.ts';

const ESTIMATOR: FormFile = {
  name: 'estimator',
  title: 'Kitchen estimate',
  pricing: 'estimator-pricing',
  fields: [
    {
      name: 'kitchen',
      type: 'group',
      label: 'Kitchen',
      layout: 'accordion',
      fields: [
        {
          name: 'size',
          type: 'radio',
          label: 'Size',
          required: true,
          useInCalculation: true,
          options: [
            { value: 'small', label: 'Small' },
            { value: 'large', label: 'Large' },
          ],
        },
        {
          name: 'extras',
          type: 'select',
          label: 'Extras',
          multiSelect: true,
          useInCalculation: true,
          options: [
            { value: 'island', label: 'Island' },
            { value: 'pantry', label: 'Pantry' },
          ],
        },
      ],
    },
    {
      name: 'contact',
      type: 'group',
      label: 'Contact',
      layout: 'popup',
      fields: [{ name: 'email', type: 'email', label: 'Email', required: true }],
    },
  ],
  messages: { success: 'Email sent successfully', error: 'Failed to send email' },
  emailNotifications: [{ to: 'admin', subject: 'New estimate' }],
};

const PRICING = {
  fields: {
    size: {
      small: { price: { min: 3000, max: 4500.5 }, labor: { min: 1000, max: 1500 } },
      large: { price: { min: 8000, max: 12000 }, labor: { min: 2500, max: 3500 } },
    },
    extras: {
      island: { price: { min: 1900, max: 4200 }, labor: { min: 450, max: 900 } },
      pantry: { price: { min: 800, max: 1200 }, labor: { min: 200, max: 400 } },
    },
  },
};

const server = siteServerPerTest('joinery-estimate-');
/** The estimator's site, with this pricing file (none for null). */
const start = (pricing: unknown = PRICING) =>
  server.start({ forms: [ESTIMATOR], data: pricing === null ? {} : { 'estimator-pricing': pricing } });

const answers = { size: 'small', extras: ['island', 'pantry'], email: 'jane@example.com' };
// Small + island + pantry: product 5,700.00 - 9,900.50; labor 1,650.00 - 2,800.00.
const SERVER_TOTAL = { min: 7350, max: 12700.5 };

describe('POST /api/forms/estimator', () => {
  it('stores and mails the figures it recomputed, whatever total the client sent', async () => {
    const { app, outbox, mailer } = await start();
    const tampered = { product: { min: 1, max: 1 }, labor: { min: 0, max: 0 }, total: { min: 1, max: 1 } };
    const res = await submit(app, ESTIMATOR, answers, {
      totalPrice: tampered,
      summaryRows: [{ label: 'Size', value: 'Small', product: { min: 1, max: 1 } }],
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { success: boolean; message: string; data: { id: string; estimate: unknown } };
    expect(json.success).toBe(true);
    expect(json.message).toBe('Email sent successfully');
    expect(json.data.estimate).toEqual({
      product: { min: 5700, max: 9900.5 },
      labor: { min: 1650, max: 2800 },
      total: SERVER_TOTAL,
    });

    const [row] = await server.now().t.db.selectFrom('form_submissions').selectAll().execute();
    const stored = JSON.parse(row!.estimate!);
    expect(stored.total).toEqual({ min: 735000, max: 1270050 });
    expect(stored.rows.map((r: { field: string; option: string }) => `${r.field}=${r.option}`)).toEqual([
      'size=small',
      'extras=island',
      'extras=pantry',
    ]);
    expect(JSON.parse(row!.data)).toEqual(answers); // the client's figures are not stored anywhere

    await outbox.drain();
    const [mail] = mailer.sent;
    expect(mail!.to).toBe('orders@hearthline.example');
    expect(mail!.text).toContain('Grand total: $7,350.00 - $12,700.50');
    expect(mail!.text).toContain('Extras: Pantry: product $800.00 - $1,200.00, labor $200.00 - $400.00');
    expect(mail!.text).not.toContain('$1.00');
  });

  it('answers 400 for a totalPrice that is not JSON, and stores nothing', async () => {
    const { app } = await start();
    const res = await submit(app, ESTIMATOR, answers, { extra: { totalPrice: '{not json' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).message).toBe('The totalPrice part must be JSON');
    expect(await server.now().t.db.selectFrom('form_submissions').selectAll().execute()).toEqual([]);
  });

  it('answers 500 with a plain message, not a crash, when the pricing file is missing', async () => {
    const { app } = await start(null);
    const res = await submit(app, ESTIMATOR, answers);
    expect(res.status).toBe(500);
    expect(((await res.json()) as ErrorJson).message).toBe(
      'This form is not available right now. Please try again later.',
    );
  });
});

/** The estimator as shipped: free-text answers beside the choices, and a confirmation to the visitor. */
const MAILED: FormFile = {
  ...ESTIMATOR,
  fields: [
    ESTIMATOR.fields![0]!,
    {
      name: 'contact',
      type: 'group',
      label: 'Contact',
      layout: 'popup',
      fields: [
        { name: 'firstName', type: 'text', label: 'First name', required: true },
        { name: 'zip', type: 'text', label: 'Project ZIP code' },
        { name: 'email', type: 'email', label: 'Email', required: true, hideInPDF: true },
        { name: 'notes', type: 'textarea', label: 'Notes' },
      ],
    },
  ],
  emailNotifications: [
    { to: 'admin', subject: 'New estimate from {firstName}' },
    { to: 'field:email', subject: 'Your kitchen estimate', message: 'Thank you. Your estimate is attached.' },
  ],
};

const TYPED = {
  firstName: 'Winner',
  zip: '90210',
  notes: 'Claim your prize at http://spam.example',
};

/** The text of a PDF, as poppler's pdftotext lays it out. */
function pdfText(bytes: Buffer): string {
  const file = server.now().dir.join('estimate.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

describe('the estimate e-mails', () => {
  it('mail the visitor the computed estimate with its PDF, and nothing anyone typed', async () => {
    const { app, outbox, clock } = await server.start({
      forms: [MAILED],
      data: { 'estimator-pricing': PRICING },
      smtp: true,
    });
    clock.set(new Date(2026, 0, 5, 10, 0));
    const res = await submit(app, MAILED, { ...answers, ...TYPED });
    expect(res.status).toBe(200);
    await outbox.drain();
    const received = await server.now().sink!.waitFor(2);
    const mail = received.find((m) => m.envelope.to.includes('jane@example.com'))!;
    expect(mail.subject).toBe('Your kitchen estimate');
    expect(mail.text).toContain('Size: Small: product $3,000.00 - $4,500.50, labor $1,000.00 - $1,500.00');
    expect(mail.text).toContain('Grand total: $7,350.00 - $12,700.50');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['estimate-2026-01-05.pdf', 'application/pdf'],
    ]);

    const text = pdfText(mail.attachments[0]!.content);
    expect(text).toContain('Date: 01/05/2026');
    expect(text).toContain('This estimate is valid for 30 days from the date of generation.');
    expect(text).toMatch(/Size\s+Small/);
    expect(text).toMatch(/Extras\s+Island, Pantry/);
    expect(text).toMatch(/Extras: Island\s+\$1,900\.00 - \$4,200\.00\s+\$450\.00 - \$900\.00/);
    expect(text).toMatch(/Extras: Pantry\s+\$800\.00 - \$1,200\.00\s+\$200\.00 - \$400\.00/);
    expect(text).toMatch(/Product\s+\$5,700\.00 - \$9,900\.50/);
    expect(text).toMatch(/Labor\s+\$1,650\.00 - \$2,800\.00/);
    expect(text).toMatch(/Grand total\s+\$7,350\.00 - \$12,700\.50/);
    for (const typed of [...Object.values(TYPED), 'spam.example'])
      for (const [where, body] of Object.entries({
        text: mail.text,
        html: mail.html,
        subject: mail.subject,
        pdf: text,
      }))
        expect(`${where}: ${body}`).not.toContain(typed);
  });

  it("gives the shop's copy Reply-To the visitor's address, with the whole submission", async () => {
    const { app, outbox } = await server.start({ forms: [MAILED], data: { 'estimator-pricing': PRICING }, smtp: true });
    expect((await submit(app, MAILED, { ...answers, ...TYPED })).status).toBe(200);
    await outbox.drain();
    const received = await server.now().sink!.waitFor(2);
    const shop = received.find((m) => m.envelope.to.includes('orders@hearthline.example'))!;
    expect(shop.subject).toBe('New estimate from Winner');
    expect(shop.headers['reply-to']).toBe('jane@example.com');
    expect(shop.text).toContain('Notes: Claim your prize at http://spam.example');
    expect(shop.text).toContain('Grand total: $7,350.00 - $12,700.50');
    expect(shop.attachments).toEqual([]);
  });

  it('answers 429 past the form rate limit, as every form does, and mails nothing more', async () => {
    const { app, outbox, mailer } = await server.start({
      forms: [MAILED],
      data: { 'estimator-pricing': PRICING },
      config: { formRateLimit: { limit: 1, windowMs: 60_000 } },
    });
    expect((await submit(app, MAILED, { ...answers, ...TYPED })).status).toBe(200);
    const limited = await submit(app, MAILED, { ...answers, ...TYPED, email: 'someone.else@example.com' });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as ErrorJson).message).toBe(
      'Too many form submissions from your address. Please wait a minute and try again.',
    );
    await outbox.drain();
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(['jane@example.com', 'orders@hearthline.example']);
  });
});
