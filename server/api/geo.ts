/**
 * GET /api/geo/countries, /countries/{CC}/states, /countries/{CC}/states/{ST}/cities: the options
 * of dynamic select fields (engine/forms geo.ts), as a JSON array of { value, label }.
 */
import { Hono } from 'hono';
import { serveGeo, type GeoSource } from '../../engine/node.ts';
import type { AppEnv } from '../http/env.ts';
import { jsonError } from '../http/errors.ts';

export function geoRoutes(geo: GeoSource): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/*', async (c) => {
    const rest = c.req.path.replace(/^.*?\/geo\/?/, '');
    const options = await serveGeo(geo, rest);
    if (!options) return jsonError(c, 404, 'Not found');
    return c.json(options);
  });
}
