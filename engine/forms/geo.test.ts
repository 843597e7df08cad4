import { describe, expect, it } from 'vitest';
import { compileForm } from './compile.ts';
import {
  dynamicOptionErrors,
  fetchGeoSource,
  geoPath,
  geoRequestFor,
  loadDynamicOptions,
  parseGeoPath,
  serveGeo,
  type GeoSource,
} from './geo.ts';
import { createNodeGeoSource } from './geo-node.ts';

const form = compileForm({
  name: 'register',
  fields: [
    { name: 'country', type: 'select', dynamicOptions: 'countries', filter: 'US,CA' },
    { name: 'state', type: 'select', dynamicOptions: 'states', dependsOn: 'country' },
    { name: 'city', type: 'select', dynamicOptions: 'cities', dependsOn: 'state' },
  ],
});
const field = (name: string) => form.byName.get(name)!;

/** A tiny in-memory source that records what was asked. */
function fakeSource(): GeoSource & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    countries: async () => {
      calls.push('countries');
      return [
        { value: 'US', label: 'United States' },
        { value: 'CA', label: 'Canada' },
        { value: 'FR', label: 'France' },
      ];
    },
    states: async (c) => {
      calls.push(`states:${c}`);
      return c === 'US' ? [{ value: 'TX', label: 'Texas' }] : [];
    },
    cities: async (c, s) => {
      calls.push(`cities:${c}:${s}`);
      return c === 'US' && s === 'TX' ? [{ value: 'Austin', label: 'Austin' }] : [];
    },
  };
}

describe('dynamic options follow their parent', () => {
  it('asks for nothing until the parent has a value', () => {
    expect(geoRequestFor(form, field('state'), {})).toBeNull();
    expect(geoRequestFor(form, field('state'), { country: 'US' })).toEqual({ kind: 'states', country: 'US' });
    expect(geoRequestFor(form, field('city'), { country: 'US' })).toBeNull();
    expect(geoRequestFor(form, field('city'), { country: 'US', state: 'TX' })).toEqual({
      kind: 'cities',
      country: 'US',
      state: 'TX',
    });
    // A city whose country was cleared is orphaned with it.
    expect(geoRequestFor(form, field('city'), { state: 'TX' })).toBeNull();
  });

  it('loads each level from the source and applies the filter', async () => {
    const source = fakeSource();
    expect((await loadDynamicOptions(form, field('country'), {}, source)).map((o) => o.value)).toEqual(['US', 'CA']);
    expect(await loadDynamicOptions(form, field('state'), {}, source)).toEqual([]);
    expect(await loadDynamicOptions(form, field('city'), { country: 'US', state: 'TX' }, source)).toEqual([
      { value: 'Austin', label: 'Austin' },
    ]);
    expect(source.calls).toEqual(['countries', 'cities:US:TX']);
  });

  it('reports values the data does not offer as "Invalid selection" (server side)', async () => {
    const source = fakeSource();
    expect(await dynamicOptionErrors(form, { country: 'US', state: 'TX', city: 'Austin' }, source)).toEqual({});
    expect(await dynamicOptionErrors(form, { country: 'FR', state: 'XX', city: 'Paris' }, source)).toEqual({
      country: 'Invalid selection',
      state: 'Invalid selection',
      city: 'Invalid selection',
    });
  });
});

describe('geo endpoint paths', () => {
  it('round-trips requests through paths', () => {
    for (const request of [
      { kind: 'countries' },
      { kind: 'states', country: 'US' },
      { kind: 'cities', country: 'US', state: 'NY' },
    ] as const) {
      expect(parseGeoPath(geoPath(request))).toEqual(request);
    }
    expect(parseGeoPath('countries/US')).toBeNull();
    expect(parseGeoPath('/countries/US/states/')).toEqual({ kind: 'states', country: 'US' });
  });

  it('serves a path from a source, null for anything else', async () => {
    expect(await serveGeo(fakeSource(), 'countries/US/states')).toEqual([{ value: 'TX', label: 'Texas' }]);
    expect(await serveGeo(fakeSource(), 'etc/passwd')).toBeNull();
    expect(await serveGeo(fakeSource(), 'countries/%E0%A4%A/states')).toBeNull();
  });

  it('the browser source fetches once per path and retries after a failure', async () => {
    const urls: string[] = [];
    let fail = true;
    const fetchImpl = (async (url: string) => {
      urls.push(url);
      if (fail) return new Response('down', { status: 503 });
      return Response.json([{ value: 'TX', label: 'Texas' }]);
    }) as typeof fetch;
    const source = fetchGeoSource('/api/geo/', fetchImpl);
    await expect(source.states('US')).rejects.toThrow('HTTP 503');
    fail = false;
    expect(await source.states('US')).toEqual([{ value: 'TX', label: 'Texas' }]);
    await source.states('US');
    expect(urls).toEqual(['/api/geo/countries/US/states', '/api/geo/countries/US/states']);
  });
});

describe('the Node source (data package)', () => {
  const source = createNodeGeoSource();

  it('lists countries, states of a country and cities of a state', async () => {
    expect(await source.countries()).toContainEqual({ value: 'US', label: 'United States' });
    expect(await source.states('US')).toContainEqual({ value: 'TX', label: 'Texas' });
    expect(await source.cities('US', 'TX')).toContainEqual({ value: 'Austin', label: 'Austin' });
  });

  it('answers codes that are no codes with an empty list', async () => {
    expect(await source.states('../../etc')).toEqual([]);
    expect(await source.cities('US', 'ZZ')).toEqual([]);
  });
});
