import { fieldsInScope } from './compile.ts';
import { MESSAGES } from './messages.ts';
import type { CompiledField, CompiledForm, FormValues, Option } from './types.ts';
import { resolveValues } from './values.ts';

/**
 * Dynamic options (countries, states, cities). The data is large, so it never sits in a bundle:
 * the server reads it from a data package on demand (geo-node.ts) and the browser asks the server
 * (fetchGeoSource). Values: a country's ISO 3166-1 alpha-2 code, a state's ISO code within its
 * country, a city's name.
 */
export interface GeoSource {
  countries(): Promise<Option[]>;
  states(country: string): Promise<Option[]>;
  cities(country: string, state: string): Promise<Option[]>;
}

export type GeoRequest =
  | { kind: 'countries' }
  | { kind: 'states'; country: string }
  | { kind: 'cities'; country: string; state: string };

/**
 * The parent a states or cities field follows: its dependsOn, else the form's only field of the
 * level above (so an author may leave dependsOn out when there is one country field).
 */
function parentOf(
  compiled: CompiledForm,
  field: CompiledField,
  kind: 'countries' | 'states',
): CompiledField | undefined {
  if (field.def.dependsOn) return compiled.byName.get(field.def.dependsOn);
  const candidates = compiled.fields.filter((f) => f.def.dynamicOptions === kind);
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** Which list a dynamic field shows for these values; null when its parent is empty (no options yet). */
export function geoRequestFor(compiled: CompiledForm, field: CompiledField, values: FormValues): GeoRequest | null {
  const clean = resolveValues(compiled, values).values;
  const fieldValue = (f: CompiledField | undefined) =>
    f && typeof clean[f.name] === 'string' ? (clean[f.name] as string) : '';
  switch (field.def.dynamicOptions) {
    case 'countries':
      return { kind: 'countries' };
    case 'states': {
      const country = fieldValue(parentOf(compiled, field, 'countries'));
      return country ? { kind: 'states', country } : null;
    }
    case 'cities': {
      const stateField = parentOf(compiled, field, 'states');
      const state = fieldValue(stateField);
      const country = stateField ? fieldValue(parentOf(compiled, stateField, 'countries')) : '';
      return state && country ? { kind: 'cities', country, state } : null;
    }
    default:
      return null;
  }
}

function loadGeo(source: GeoSource, request: GeoRequest): Promise<Option[]> {
  switch (request.kind) {
    case 'countries':
      return source.countries();
    case 'states':
      return source.states(request.country);
    case 'cities':
      return source.cities(request.country, request.state);
  }
}

/**
 * The options of a dynamic field for the current values. A field's `filter` (comma-separated
 * values, e.g. "US" or "US,CA") narrows the list: the shop ships to the US only.
 */
export async function loadDynamicOptions(
  compiled: CompiledForm,
  field: CompiledField,
  values: FormValues,
  source: GeoSource,
): Promise<Option[]> {
  const request = geoRequestFor(compiled, field, values);
  if (!request) return [];
  const options = await loadGeo(source, request);
  const filter = field.def.filter
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return filter && filter.length > 0 ? options.filter((o) => filter.includes(String(o.value))) : options;
}

/**
 * Server-side check that each chosen dynamic value is one the data offers ("Invalid selection").
 * The zod schema cannot do it synchronously; the browser only offers listed values anyway.
 */
export async function dynamicOptionErrors(
  compiled: CompiledForm,
  values: FormValues,
  source: GeoSource,
  opts: { step?: number } = {},
): Promise<Record<string, string>> {
  const resolved = resolveValues(compiled, values);
  const errors: Record<string, string> = {};
  for (const field of fieldsInScope(compiled, opts.step)) {
    const value = resolved.values[field.name];
    if (!field.def.dynamicOptions || typeof value !== 'string' || value.trim() === '') continue;
    const options = await loadDynamicOptions(compiled, field, resolved.values, source);
    if (!options.some((o) => String(o.value) === value)) errors[field.name] = MESSAGES.invalidSelection;
  }
  return errors;
}

/** URL path of a request below the geo endpoint: "countries/US/states/CA/cities". */
export function geoPath(request: GeoRequest): string {
  const enc = encodeURIComponent;
  switch (request.kind) {
    case 'countries':
      return 'countries';
    case 'states':
      return `countries/${enc(request.country)}/states`;
    case 'cities':
      return `countries/${enc(request.country)}/states/${enc(request.state)}/cities`;
  }
}

export function parseGeoPath(path: string): GeoRequest | null {
  const parts = path
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((p) => decodeURIComponent(p));
  if (parts.length === 1 && parts[0] === 'countries') return { kind: 'countries' };
  if (parts.length === 3 && parts[0] === 'countries' && parts[2] === 'states' && parts[1])
    return { kind: 'states', country: parts[1] };
  if (
    parts.length === 5 &&
    parts[0] === 'countries' &&
    parts[2] === 'states' &&
    parts[4] === 'cities' &&
    parts[1] &&
    parts[3]
  ) {
    return { kind: 'cities', country: parts[1], state: parts[3] };
  }
  return null;
}

const offers = (options: Option[], value: string) => options.some((o) => String(o.value) === value);

/**
 * For the server route (e.g. GET /api/geo/*): the options for a path, or null for a path that is
 * no request or names a country or state the data does not have (a 404, never looked up).
 */
export async function serveGeo(source: GeoSource, path: string): Promise<Option[] | null> {
  let request: GeoRequest | null;
  try {
    request = parseGeoPath(path);
  } catch {
    return null; // malformed percent-encoding
  }
  if (!request) return null;
  if (request.kind !== 'countries' && !offers(await source.countries(), request.country)) return null;
  if (request.kind === 'cities' && !offers(await source.states(request.country), request.state)) return null;
  return loadGeo(source, request);
}

/**
 * The browser's source: asks the server and remembers each answer for the page's lifetime. A
 * failed request is not remembered, so the next change of the parent field tries again.
 */
export function fetchGeoSource(baseUrl = '/api/geo', fetchImpl: typeof fetch = (...args) => fetch(...args)): GeoSource {
  const cache = new Map<string, Promise<Option[]>>();
  const get = (request: GeoRequest): Promise<Option[]> => {
    const path = geoPath(request);
    let pending = cache.get(path);
    if (!pending) {
      pending = fetchImpl(`${baseUrl.replace(/\/+$/, '')}/${path}`).then(async (res) => {
        if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
        return (await res.json()) as Option[];
      });
      pending.catch(() => cache.delete(path));
      cache.set(path, pending);
    }
    return pending;
  };
  return {
    countries: () => get({ kind: 'countries' }),
    states: (country) => get({ kind: 'states', country }),
    cities: (country, state) => get({ kind: 'cities', country, state }),
  };
}
