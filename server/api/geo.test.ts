/** GET /api/geo/...: unknown codes are 404s that never reach the data or its caches. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createNodeGeoSource, GEO_CACHE_LIMITS } from '../../engine/node.ts';
import type { AppEnv } from '../http/env.ts';
import { geoRoutes } from './geo.ts';

function app() {
  const geo = createNodeGeoSource();
  return { geo, app: new Hono<AppEnv>().route('/api/geo', geoRoutes(geo)) };
}

describe('GET /api/geo', () => {
  it('answers known countries and states', async () => {
    const { app: a } = app();
    expect(await (await a.request('/api/geo/countries')).json()).toContainEqual({
      value: 'US',
      label: 'United States',
    });
    expect(await (await a.request('/api/geo/countries/US/states')).json()).toContainEqual({
      value: 'OH',
      label: 'Ohio',
    });
    expect(await (await a.request('/api/geo/countries/US/states/OH/cities')).json()).toContainEqual({
      value: 'Columbus',
      label: 'Columbus',
    });
  });

  it('answers unknown codes with a JSON 404', async () => {
    const { app: a } = app();
    for (const path of [
      'countries/QQ/states',
      'countries/US/states/ZZ/cities',
      'countries/QQ/states/OH/cities',
      'countries/us/states',
    ]) {
      const res = await a.request(`/api/geo/${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('keeps its caches bounded over 20,000 distinct unknown codes, and known codes still answer', async () => {
    const { geo, app: a } = app();
    for (let i = 0; i < 20_000; i++) {
      const res = await a.request(`/api/geo/countries/US/states/X${i.toString(36)}/cities`);
      expect(res.status).toBe(404);
      // The forms' own check asks the source directly with posted values.
      expect(await geo.cities('US', `Y${i.toString(36)}`)).toEqual([]);
      expect((await a.request(`/api/geo/countries/Z${i.toString(36)}/states`)).status).toBe(404);
    }
    expect(geo.cacheSize()).toBeLessThanOrEqual(3); // the countries, US states and nothing else
    // Many real states fill the cities cache only up to its bound.
    const states = (await geo.states('US')).map((s) => String(s.value));
    for (const st of states) await geo.cities('US', st);
    for (const st of (await geo.states('IN')).map((s) => String(s.value))) await geo.cities('IN', st);
    expect(geo.cacheSize()).toBeLessThanOrEqual(GEO_CACHE_LIMITS.lists + GEO_CACHE_LIMITS.cities);
    expect(await (await a.request('/api/geo/countries/US/states/TX/cities')).json()).toContainEqual({
      value: 'Austin',
      label: 'Austin',
    });
  });
});
