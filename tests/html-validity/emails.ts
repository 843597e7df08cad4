/**
 * Every e-mail the shop sends, rendered by the server's own code (orders, quote links, the
 * newsletter's, each form's notifications with the estimator's figures) from sample records and
 * the site's form definitions, so their HTML can be checked like the pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shopRulesOf, withShop, type CompiledField, type FormValues } from '../../engine/node.ts';
import { orderEmails, type ShopInfo } from '../../server/commerce/order-emails.ts';
import type { OrderView } from '../../server/commerce/order-store.ts';
import { loadForm } from '../../server/forms/definitions.ts';
import { estimateRows, serverEstimate, visitorEstimate } from '../../server/forms/estimate.ts';
import { notificationMails } from '../../server/forms/notify.ts';
import type { OutgoingMail } from '../../server/mail/outbox.ts';
import { confirmMail } from '../../server/newsletter/confirm-mail.ts';
import { welcomeMail } from '../../server/newsletter/welcome-mail.ts';
import { quoteLinkEmail } from '../../server/quotes/quote-email.ts';
import type { QuoteView } from '../../server/quotes/quote-store.ts';

const SHOP: ShopInfo = {
  siteName: 'Hearthline Cabinetry',
  origin: 'https://shop.example',
  adminEmails: ['orders@shop.example', 'sales@shop.example'],
};
const NOW = new Date('2026-03-02T15:04:05.000Z');

const address = (type: string) => ({
  type,
  firstName: 'Jane',
  lastName: 'Doe',
  street1: '1 Main Street',
  street2: 'Suite 4',
  city: 'Columbus',
  state: 'OH',
  zipCode: '43228',
  countryId: 'US',
  phoneNumber: '6145550143',
  email: 'jane@example.com',
});

function order(payments: unknown[]): OrderView {
  return {
    id: 1,
    orderIncrementId: '100000001',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    createdAt: NOW.toISOString(),
    items: [
      { sku: 'CWS-SD', name: 'Carlton sample door', qty: 2, price: 9.95, rowTotal: 19.9, customOptions: {} },
      {
        sku: 'B36',
        name: 'Base cabinet 36"',
        qty: 1,
        price: 310,
        rowTotal: 310,
        customOptions: { notes: 'Left hinge & soft close' },
      },
    ],
    addresses: [address('billing'), address('shipping')],
    subtotal: 329.9,
    shippingAmount: 12,
    taxAmount: 4.5,
    total: 336.4,
    shippingLabel: 'Standard',
    paymentMethodLabel: 'Card',
    payments,
  } as unknown as OrderView;
}

const QUOTE = {
  id: 3,
  quoteIncrementId: 'Q100000003',
  poNumber: 'PO-77',
  firstName: 'Ada',
  lastName: 'Byron',
  email: 'ada@example.com',
  status: 'open',
  expiresAt: '2026-12-01T10:00:00.000Z',
  addresses: [],
  shippingMethod: 'freight',
  shippingLabel: 'Freight',
  items: [{ name: 'Wall cabinet W3030', sku: 'W3030', qty: 2, price: 180, rowTotal: 360, notes: 'Glass doors' }],
  additionalNotes: 'Deliver after 9 am',
  subtotal: 360,
  shippingAmount: 90,
  taxAmount: 0,
  discountAmount: 20,
  total: 430,
  orderIncrementId: null,
} as unknown as QuoteView;

const named = (prefix: string, mails: OutgoingMail[]): [string, OutgoingMail][] =>
  mails.map((m, i) => [`${prefix}-${i}`, m]);

/** A plausible answer for a field: its first options, a name, an address, two lines of text. */
function sampleValue(field: CompiledField): unknown {
  const options = (field.def.options ?? []).map((o) => o.value);
  switch (field.type) {
    case 'email':
      return 'jane@example.com';
    case 'tel':
      return '6145550143';
    case 'number':
      return 3;
    case 'checkbox':
    case 'newsletter':
      return true;
    case 'checkbox-group':
      return options.slice(0, 2);
    case 'file':
      return [{ name: 'kitchen-plan.pdf', size: 183_000, type: 'application/pdf' }];
    case 'textarea':
      return 'Two walls, about 12 feet each.\nThe window stays where it is.';
    case 'select':
    case 'radio':
      return (field.def as { multiSelect?: boolean }).multiSelect ? options.slice(0, 2) : options[0];
    default:
      return /name/i.test(field.name) ? 'Jane' : '1 Main Street';
  }
}

/** Each form's e-mails (to the shop and to the visitor), with an estimator's figures and PDF. */
function formEmails(siteDir: string): [string, OutgoingMail][] {
  const out: [string, OutgoingMail][] = [];
  for (const file of readdirSync(join(siteDir, 'forms')).filter((f) => f.endsWith('.json'))) {
    const compiled = loadForm(siteDir, file.replace(/\.json$/, ''))!;
    const values: FormValues = Object.fromEntries(compiled.fields.map((f) => [f.name, sampleValue(f)]));
    const estimate = serverEstimate(siteDir, compiled, values);
    const { mails } = notificationMails({
      compiled,
      values,
      adminEmails: SHOP.adminEmails,
      submissionId: '6f1c0a52-0000-4000-8000-000000000001',
      siteName: SHOP.siteName,
      submittedAt: NOW,
      ...(estimate && {
        extraRows: estimateRows(compiled, estimate),
        visitorEstimate: visitorEstimate(compiled, values, estimate, NOW),
      }),
    });
    out.push(...named(`form-${compiled.name}`, mails));
  }
  return out;
}

/** Every e-mail kind the shop sends, by a file name for its HTML. */
export function shopEmails(siteDir: string): { name: string; html: string }[] {
  // Prices are formatted by the site's commerce rules, as the server's requests are.
  const shop = shopRulesOf(JSON.parse(readFileSync(join(siteDir, 'site.json'), 'utf8')));
  return withShop(shop, () => composeEmails(siteDir));
}

function composeEmails(siteDir: string): { name: string; html: string }[] {
  const sandbox = [{ status: 'completed', additionalData: { gateway: 'sandbox' } }];
  const mails: [string, OutgoingMail][] = [
    ...named('order', orderEmails(order([]), SHOP)),
    ...named('order-test-mode', orderEmails(order(sandbox), SHOP)),
    ...named('order-from-quote', orderEmails(order([]), SHOP, { quoteIncrementId: 'Q100000003' })),
    ['quote-link', quoteLinkEmail(QUOTE, `${SHOP.origin}/quote/payment?quoteId=3&token=abc`, SHOP)],
    ['newsletter-confirm', confirmMail({ to: 'a@example.com', token: 't1', ...SHOP, subscriptionId: 1 })],
    ['newsletter-welcome', welcomeMail({ to: 'a@example.com', token: 't1', ...SHOP, subscriptionId: 1 })],
    ...formEmails(siteDir),
  ];
  return mails.map(([name, m]) => ({ name, html: m.html }));
}
