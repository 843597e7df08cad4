/** Quotes for the end-to-end tests, made as the staff make them: `joinery quote create`. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

/** `joinery quote create` as the staff run it, on the e2e server's database; returns the printed link. */
export function createQuote(
  email: string,
  args: string[] = [],
): { link: string; quoteId: number; quoteNumber: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'joinery-quote-'));
  const file = join(dir, 'quote.json');
  const address = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    phoneNumber: '6145550100',
    street1: '100 North High Street',
    city: 'Columbus',
    state: 'OH',
    zipCode: '43215',
    countryId: 'US',
  };
  writeFileSync(
    file,
    JSON.stringify({
      poNumber: 'PO-77',
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      billingAddress: address,
      shippingMethod: 'freight',
      shippingLabel: 'Freight delivery',
      items: [
        {
          name: 'Carlton wall cabinet W3030, Pure White',
          sku: 'CARLTON-W3030-PW',
          qty: 3,
          price: 245.5,
          notes: 'Glass doors',
        },
        { name: 'Crown moulding 8 ft', sku: 'CM-8', qty: 2, price: 39.99 },
      ],
      additionalNotes: 'Call before delivery.',
      shippingAmount: 95,
      taxAmount: 52.13,
      discountAmount: 25,
    }),
  );
  const out = execFileSync(process.execPath, ['cli/bin.js', 'quote', 'create', file, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      JOINERY_DATA_DIR: process.env.E2E_DATA_DIR!,
      JOINERY_DB: '',
      PUBLIC_ORIGIN: process.env.E2E_BASE_URL!,
    },
    encoding: 'utf8',
  });
  const link = /^(http\S+\/quote\/payment\?quoteId=\d+&token=\S+)$/m.exec(out)?.[1];
  if (!link) throw new Error(`no link in: ${out}`);
  return {
    link,
    quoteId: Number(new URL(link).searchParams.get('quoteId')),
    quoteNumber: /Quote #(Q\d+)/.exec(out)![1]!,
    out,
  };
}
