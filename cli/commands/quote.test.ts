import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openMigratedDatabase } from '../../server/db/index.ts';
import { quoteInput } from '../../server/testing/index.ts';
import { checkQuoteFile, parseDuration, quoteCancelCommand, quoteCreateCommand } from './quote.ts';

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('joinery quote', () => {
  it('reports schema problems as file:line:column with the pointer', () => {
    const text = '{\n  "firstName": "Ada",\n  "lastName": 3,\n  "items": []\n}\n';
    const out = checkQuoteFile(join(process.cwd(), 'q.json'), text);
    expect(out).toContain('q.json:3:15  "/lastName" must be string  /lastName');
    expect(out.some((l) => /^q\.json:4:12 .*\/items$/.test(l))).toBe(true);
    expect(checkQuoteFile(join(process.cwd(), 'q.json'), '{ "a": ')[0]).toMatch(/^q\.json:1:\d+ /);
    expect(checkQuoteFile(join(process.cwd(), 'q.json'), JSON.stringify(quoteInput()))).toEqual([]);
  });

  it('refuses a quote no card payment can take, naming the file, and stores nothing (PostgreSQL refused its amounts)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'joinery-quote-cli-'));
    dirs.push(dir);
    vi.stubEnv('JOINERY_DATA_DIR', dir);
    vi.stubEnv('JOINERY_DB', undefined as unknown as string);
    const file = join(dir, 'big.json');
    writeFileSync(
      file,
      JSON.stringify(quoteInput({ items: [{ name: 'Whole street', sku: 'W', qty: 10_000, price: 1_000_000 }] })),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await quoteCreateCommand(file, {})).toBe(1);
    expect(error.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringMatching(
        /big\.json: the total \(subtotal \+ shippingAmount \+ taxAmount - discountAmount\) must be at most 999999\.99, the most one card payment takes, got 10000000231\.30$/,
      ),
    ]);
    const db = await openMigratedDatabase(join(dir, 'joinery.db'));
    try {
      expect(await db.selectFrom('quotes').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('parses --expires-in', () => {
    expect(parseDuration('7d')).toBe(7 * 86_400_000);
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(() => parseDuration('0d')).toThrow(/--expires-in/);
    expect(() => parseDuration('soon')).toThrow(/--expires-in/);
  });

  it("prints the origin its link uses: site.json's with how to link to a local shop, else PUBLIC_ORIGIN; the e-mail carries the same link", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'joinery-quote-cli-'));
    dirs.push(dir);
    vi.stubEnv('JOINERY_DATA_DIR', dir);
    vi.stubEnv('JOINERY_DB', undefined as unknown as string);
    vi.stubEnv('PUBLIC_ORIGIN', undefined as unknown as string);
    vi.stubEnv('PORT', '4100');
    const file = join(dir, 'q.json');
    writeFileSync(file, JSON.stringify(quoteInput()));
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const printed = () => log.mock.calls.splice(0).map((c) => String(c[0]));

    expect(await quoteCreateCommand(file, {})).toBe(0);
    const [, siteLink, siteNote] = printed();
    expect(siteLink).toMatch(/^https:\/\/www\.hearthlinecabinetry\.com\/quote\/payment\?quoteId=1&token=[\w-]{43}$/);
    expect(siteNote).toBe(
      'Link origin: https://www.hearthlinecabinetry.com (site.json "origin"; set PUBLIC_ORIGIN=http://localhost:4100 to link to a local shop)',
    );

    vi.stubEnv('PUBLIC_ORIGIN', 'http://localhost:4100/');
    expect(await quoteCreateCommand(file, { send: true })).toBe(0);
    const [, localLink, localNote] = printed();
    expect(localLink).toMatch(/^http:\/\/localhost:4100\/quote\/payment\?quoteId=2&token=[\w-]{43}$/);
    expect(localNote).toBe('Link origin: http://localhost:4100 (PUBLIC_ORIGIN)');
    const db = await openMigratedDatabase(join(dir, 'joinery.db'));
    try {
      const mail = await db.selectFrom('email_outbox').select(['text', 'html']).executeTakeFirstOrThrow();
      expect(mail.text).toContain(localLink);
      expect(mail.text).not.toContain('hearthlinecabinetry.com/quote');
    } finally {
      await db.destroy();
    }
  });

  it('create stores the quote in the server database with the computed total, prints the link, --send queues the e-mail; cancel closes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'joinery-quote-cli-'));
    dirs.push(dir);
    vi.stubEnv('JOINERY_DATA_DIR', dir);
    vi.stubEnv('JOINERY_DB', undefined as unknown as string);
    vi.stubEnv('PUBLIC_ORIGIN', 'https://shop.example');
    const file = join(dir, 'q.json');
    writeFileSync(
      file,
      JSON.stringify(
        quoteInput({
          items: [{ name: 'Door', sku: 'D1', qty: 3, price: 10.1 }],
          shippingAmount: 5,
          taxAmount: 0,
          discountAmount: 0,
        }),
      ),
    );
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await quoteCreateCommand(file, { expiresIn: '2d', send: true })).toBe(0);
    const printed = log.mock.calls.map((c) => String(c[0]));
    expect(printed[0]).toMatch(/^Quote #Q100000001 \(id 1\) for ada@example\.com: total 35\.30 USD/);
    expect(printed[1]).toMatch(/^https:\/\/shop\.example\/quote\/payment\?quoteId=1&token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(printed[1]!).searchParams.get('token')!;
    const db = await openMigratedDatabase(join(dir, 'joinery.db'));
    try {
      const q = await db.selectFrom('quotes').selectAll().executeTakeFirstOrThrow();
      expect(q).toMatchObject({ total_cents: 3530, subtotal_cents: 3030, status: 'open' });
      expect(q.token_hash).not.toContain(token);
      const mail = await db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ kind: 'quote-link', to: 'ada@example.com', status: 'queued' });
      expect(mail.text).toContain(printed[1]);
      expect(await quoteCancelCommand('1')).toBe(0);
      expect((await db.selectFrom('quotes').select('status').executeTakeFirstOrThrow()).status).toBe('canceled');
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // Past any row id (PostgreSQL's integer): no such quote, not a database error.
      expect(await quoteCancelCommand('2147483648')).toBe(2);
      expect(error.mock.calls.map((c) => String(c[0]))).toEqual(['joinery quote cancel: no quote 2147483648']);
    } finally {
      await db.destroy();
    }
  });
});
