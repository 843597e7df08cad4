/**
 * An estimator submission through the real app: the server recomputes the figures from its own
 * pricing file, stores its figures (never the client's) and mails them to the shop.
 */
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
