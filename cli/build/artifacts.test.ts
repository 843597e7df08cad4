import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SampleData } from '../../engine/catalog/index.ts';
import { buildRouteTable, loadSite } from '../../engine/node.ts';
import { querySearch, type SearchIndex } from '../../engine/search/index.ts';
import { baseSite, memorySite } from '../../engine/testing/memory-site.ts';
import { DEFAULT_SITE_DIR } from '../paths.ts';
import { findArtifact, siteArtifacts, writeArtifacts } from './artifacts.ts';

const out = mkdtempSync(join(tmpdir(), 'joinery-artifacts-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('build artifacts of the shop', () => {
  const site = loadSite(DEFAULT_SITE_DIR);
  const ctx = { site, routes: buildRouteTable(site) };
  const written = writeArtifacts(siteArtifacts, ctx, out);
  const read = <T>(path: string) => JSON.parse(readFileSync(join(out, path), 'utf8')) as T;

  it('writes the sample data and the search index under the site folder', () => {
    expect(written).toEqual(['/data/samples.json', '/data/search-index.json']);
    expect(findArtifact(siteArtifacts, '/data/samples.json')?.path).toBe('/data/samples.json');
    expect(findArtifact(siteArtifacts, '/data/other.json')).toBeUndefined();
  });

  it('sample data: every sample by sku with its style, finish and price, and each style page its skus', () => {
    const data = read<SampleData>('data/samples.json');
    const vanity = '/products/bathroom-vanities/rta-bathroom-vanities/cwsbv';
    expect(data.styles[vanity]?.skus).toEqual(['CWSBV-SD-PW', 'CWSBV-CH-CM', 'CWSBV-CH-CG', 'CWSBV-CH-ARW']);
    expect(data.samples['CWSBV-CH-CG']).toMatchObject({
      price: 9.95,
      qty: 1,
      styleUrl: vanity,
      styleName: 'Classic White Shaker Bathroom Vanity',
      finish: { type: 'top', value: 'calacatta-gold' },
    });
    expect(data.samples['CWSBV-CH-CG']!.images[0]!.processedUrls.cart).toMatch(/^\/images\//);
    expect(data.styles['/products/range-hoods/stainless-steel-range-hoods/island-chimney']?.skus).toEqual([]);
  });

  it('search index: styles by sku and title, and page titles', () => {
    const index = read<SearchIndex>('data/search-index.json');
    expect(querySearch(index, 'CWSBV-CH-CG')[0]?.url).toBe('/products/bathroom-vanities/rta-bathroom-vanities/cwsbv');
    expect(querySearch(index, 'Greenwich Classic Semi-Custom')[0]?.url).toBe(
      '/products/kitchen-cabinets/semi-custom-kitchen-cabinets/gc',
    );
    expect(querySearch(index, 'Sample Doors').some((h) => h.url === '/order-samples' && h.kind === 'page')).toBe(true);
  });

  it('search index: typos, sku starts and the ranking of "white shaker" on the shop', () => {
    const index = read<SearchIndex>('data/search-index.json');
    const names = (text: string, limit = 10) => querySearch(index, text, limit).map((h) => h.name);
    expect(names('cabnet')).toContain('Kitchen Cabinets');
    // The eight vanity styles, then pages about vanities.
    expect(names('vanaty', 8)).toContain('Classic White Shaker Bathroom Vanity');
    expect(names('vanaty', 8).every((n) => n.endsWith('Bathroom Vanity'))).toBe(true);
    expect(names('shaker whte', 3)).toEqual([
      'Aspen White Shaker',
      'Classic White Shaker Bathroom Vanity',
      'Classic Off-White Shaker Bathroom Vanity',
    ]);
    expect(names('AW-SD-AW')).toEqual(['Aspen White Shaker']);
    expect(names('hs-sd')).toEqual(['Hudson Sage Shaker']);
    // White styles, then the lines made in white (Pure White, Aspen White, Linen Off-White
    // samples), then the dark styles whose descriptions mention white.
    expect(names('white shaker', 6)).toEqual([
      'Aspen White Shaker',
      'Classic White Shaker Bathroom Vanity',
      'Classic Off-White Shaker Bathroom Vanity',
      'Park Terrace Slim Shaker',
      'Carlton',
      'Sutton Craftsman',
    ]);
  });
});

it('a site without a catalogue gets empty sample data and a pages-only index', () => {
  const site = memorySite({ ...baseSite });
  const [samples, index] = siteArtifacts.map((a) => a.build({ site, routes: [] }));
  expect(samples).toEqual({ version: 1, styles: {}, samples: {} });
  expect(index).toEqual({ version: 3, docs: [], words: expect.any(Object) });
});
