/**
 * Options of a countries/states/cities field, fetched from the server when the field shows and
 * its parent has a value (the data never sits in a bundle; see engine/forms/geo.ts).
 */
import { useEffect, useState } from 'react';
import { fetchGeoSource, geoPath, geoRequestFor, loadDynamicOptions } from '../../../engine/forms/index.ts';
import type { CompiledField, CompiledForm, FormValues, GeoSource, Option } from '../../../engine/forms/index.ts';

let source: GeoSource | undefined;
const geo = () => (source ??= fetchGeoSource('/api/geo'));

/** Labels of the values chosen so far, for the review step ("OH" reads as "Ohio"). */
export const geoLabels = new Map<string, string>();

export type GeoStatus = 'idle' | 'loading' | 'ready' | 'error';

export function useGeoOptions(
  compiled: CompiledForm,
  field: CompiledField,
  values: FormValues,
): { options: Option[]; status: GeoStatus } {
  const request = geoRequestFor(compiled, field, values);
  const key = request ? geoPath(request) : null;
  const [state, setState] = useState<{ key: string | null; options: Option[]; status: GeoStatus }>({
    key: null,
    options: [],
    status: 'idle',
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request (the parent's value changed) fetches again; `values` is read as of now
  useEffect(() => {
    if (!key) {
      setState({ key, options: [], status: 'idle' });
      return;
    }
    let live = true;
    setState({ key, options: [], status: 'loading' });
    loadDynamicOptions(compiled, field, values, geo()).then(
      (options) => {
        for (const o of options) geoLabels.set(`${field.name}=${String(o.value)}`, o.label);
        if (live) setState({ key, options, status: 'ready' });
      },
      () => live && setState({ key, options: [], status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [key]);

  return state.key === key ? state : { options: [], status: key ? 'loading' : 'idle' };
}
