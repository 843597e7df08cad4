/**
 * Static JSON files the build writes beside the pages (sample data, search index), fetched by
 * the browser only when a block needs them, once per page load (later calls share the promise;
 * a failed fetch is retried on the next call).
 */
import { useEffect, useState } from 'react';

const pending = new Map<string, Promise<unknown>>();
const loaded = new Map<string, unknown>();

export function loadStaticJson<T>(url: string): Promise<T> {
  let p = pending.get(url);
  if (!p) {
    p = fetch(url, { headers: { accept: 'application/json' } })
      .then((res) => {
        if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
        return res.json();
      })
      .then((data: unknown) => {
        loaded.set(url, data);
        return data;
      });
    p.catch(() => pending.delete(url));
    pending.set(url, p);
  }
  return p as Promise<T>;
}

export type StaticJson<T> = { status: 'idle' | 'loading' | 'error'; data?: undefined } | { status: 'ready'; data: T };

/**
 * The file's content once loaded. `enabled: false` fetches nothing (status "idle"). The first
 * render after a full page load is always "loading" (or "idle"), like the prerendered HTML, so
 * hydration matches; after client navigation an already loaded file is "ready" at once.
 */
export function useStaticJson<T>(url: string, enabled = true): StaticJson<T> {
  const initial = (): StaticJson<T> =>
    !enabled
      ? { status: 'idle' }
      : loaded.has(url)
        ? { status: 'ready', data: loaded.get(url) as T }
        : { status: 'loading' };
  const [state, setState] = useState<StaticJson<T>>(initial);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    if (loaded.has(url)) setState({ status: 'ready', data: loaded.get(url) as T });
    else {
      setState({ status: 'loading' });
      loadStaticJson<T>(url).then(
        (data) => alive && setState({ status: 'ready', data }),
        () => alive && setState({ status: 'error' }),
      );
    }
    return () => {
      alive = false;
    };
  }, [url, enabled]);
  return state;
}
