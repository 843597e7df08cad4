import type { GeoSource } from './geo.ts';
import type { Option } from './types.ts';

const COUNTRY = /^[A-Za-z]{2}$/;
const STATE = /^[A-Za-z0-9]{1,8}$/;

/**
 * The server's GeoSource, backed by @countrystatecity/countries (the countries-states-cities
 * database, ODbL-1.0: the site credits it). The package reads one JSON file per country or state
 * from disk, and is imported only when a dynamic field is first asked for, so neither the server's
 * start nor any browser bundle pays for it. Node only: keep it out of engine/forms/index.ts.
 */
export function createNodeGeoSource(): GeoSource {
  const lib = () => import('@countrystatecity/countries');
  const cache = new Map<string, Promise<Option[]>>();
  // Codes come from requests: anything not shaped like a code is answered empty and not cached,
  // so junk cannot grow the cache.
  const memo = (key: string, valid: boolean, load: () => Promise<Option[]>): Promise<Option[]> => {
    if (!valid) return Promise.resolve([]);
    let hit = cache.get(key);
    if (!hit) {
      hit = load();
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
    }
    return hit;
  };
  return {
    countries: () => memo('countries', true, async () => (await (await lib()).getCountries()).map((c) => ({ value: c.iso2, label: c.name }))),
    states: (country) =>
      memo(`states:${country}`, COUNTRY.test(country), async () =>
        (await (await lib()).getStatesOfCountry(country.toUpperCase())).map((s) => ({ value: s.iso2, label: s.name })),
      ),
    cities: (country, state) =>
      memo(`cities:${country}:${state}`, COUNTRY.test(country) && STATE.test(state), async () => {
        const cities = await (await lib()).getCitiesOfState(country.toUpperCase(), state.toUpperCase());
        const names = [...new Set(cities.map((c) => c.name))]; // one option per name: a city's value is its name
        return names.map((name) => ({ value: name, label: name }));
      }),
  };
}
