import { cpSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SHOP_DIR } from '../testing/fixture-shop.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { COMMERCE_FILES, CommerceDataError, commerceDataSource, loadCommerceData } from './site-data.ts';

let dir: TempDir;
afterEach(() => dir?.cleanup());

function copySite() {
  dir = tempDir('joinery-site-');
  for (const f of Object.values(COMMERCE_FILES)) {
    mkdirSync(join(dir.path, f.rel, '..'), { recursive: true });
    cpSync(join(FIXTURE_SHOP_DIR, f.rel), dir.join(f.rel));
  }
  return dir;
}

describe('checkout data of the site', () => {
  it("reads the shop's catalogue, tables and admin addresses", () => {
    const data = loadCommerceData(FIXTURE_SHOP_DIR);
    expect(data.samples.get('CARLTON-SD-PW')?.sample.price).toBe(0);
    expect(data.shippingMethods.map((m) => m.type)).toEqual(['standard', 'expedited', 'white-glove']);
    expect(data.adminEmails).toEqual(['orders@hearthlinecabinetry.com', 'sales@hearthlinecabinetry.com']);
  });

  it('names the file and the problem when a table is invalid or missing', () => {
    const d = copySite();
    const file = d.join('data/tax-rates.json');
    writeFileSync(
      file,
      JSON.stringify({ rates: [{ country: 'US', states: ['OH'], zipCodes: ['*'], taxPercentage: 'seven' }] }),
    );
    expect(() => loadCommerceData(d.path)).toThrow(CommerceDataError);
    expect(() => loadCommerceData(d.path)).toThrow(
      /^data\/tax-rates\.json: "\/rates\/0\/taxPercentage" must be number/,
    );
    writeFileSync(file, '{ nope');
    expect(() => loadCommerceData(d.path)).toThrow(/^data\/tax-rates\.json: /);
  });

  it('re-reads a file after it changes', () => {
    const d = copySite();
    const source = commerceDataSource(d.path, 0);
    expect(source.get().taxRates.length).toBeGreaterThan(1);
    const file = d.join('data/tax-rates.json');
    const text = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(
      file,
      JSON.stringify({ ...text, rates: [{ country: '*', states: ['*'], zipCodes: ['*'], taxPercentage: 5 }] }),
    );
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(source.get().taxRates).toEqual([{ country: '*', states: ['*'], zipCodes: ['*'], taxPercentage: 5 }]);
  });
});
