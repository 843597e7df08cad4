import { LRUCache } from 'lru-cache';
import type { GeoSource } from './geo.ts';
import type { Option } from './types.ts';

const COUNTRY = /^[A-Za-z]{2}$/;
const STATE = /^[A-Za-z0-9]{1,8}$/;

/** Bounds of the caches: every country's states fit; cities lists (the large ones) are the recent few. */
export const GEO_CACHE_LIMITS = { lists: 300, cities: 100 } as const;

export interface NodeGeoSource extends GeoSource {
  /** Entries held in the caches (for tests and health checks: it never grows past the limits). */
  cacheSize(): number;
}

/**
 * The server's GeoSource, backed by @countrystatecity/countries (the countries-states-cities
 * database, ODbL-1.0: the site credits it). The package reads one JSON file per country or state
 * from disk, and is imported only when a dynamic field is first asked for, so neither the server's
 * start nor any browser bundle pays for it. Node only: keep it out of engine/forms/index.ts.
 *
 * Codes come from requests (the geo endpoint, posted forms): a country or state the data does not
 * list is answered empty without a lookup or a cache entry, and the caches are LRUs of fixed size,
 * so no sequence of requests grows them.
 */
export function createNodeGeoSource(): NodeGeoSource {
  const lib = () => import('@countrystatecity/countries');
  const lists = new LRUCache<string, Promise<Option[]>>({ max: GEO_CACHE_LIMITS.lists });
  const cityLists = new LRUCache<string, Promise<Option[]>>({ max: GEO_CACHE_LIMITS.cities });
  const memo = (
    cache: LRUCache<string, Promise<Option[]>>,
    key: string,
    load: () => Promise<Option[]>,
  ): Promise<Option[]> => {
    let hit = cache.get(key);
    if (!hit) {
      hit = load();
      const entry = hit;
      // A failed load is forgotten (only this one: a later load under the same key stays).
      entry.catch(() => cache.get(key) === entry && cache.delete(key));
      cache.set(key, entry);
    }
    return hit;
  };
  const has = (options: Option[], code: string) => options.some((o) => o.value === code);

  const countries = () =>
    memo(lists, 'countries', async () =>
      (await (await lib()).getCountries()).map((c) => ({ value: c.iso2, label: c.name })),
    );
  const states = async (country: string): Promise<Option[]> => {
    const cc = country.toUpperCase();
    if (!COUNTRY.test(cc) || !has(await countries(), cc)) return [];
    return memo(lists, `states:${cc}`, async () =>
      (await (await lib()).getStatesOfCountry(cc)).map((s) => ({ value: s.iso2, label: s.name })),
    );
  };
  const cities = async (country: string, state: string): Promise<Option[]> => {
    const cc = country.toUpperCase();
    const st = state.toUpperCase();
    if (!STATE.test(st) || !has(await states(cc), st)) return [];
    return memo(cityLists, `cities:${cc}:${st}`, async () => {
      const found = await (await lib()).getCitiesOfState(cc, st);
      const names = [...new Set(found.map((c) => c.name))]; // one option per name: a city's value is its name
      return names.map((name) => ({ value: name, label: name }));
    });
  };
  return { countries, states, cities, cacheSize: () => lists.size + cityLists.size };
}
