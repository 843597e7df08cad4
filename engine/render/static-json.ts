/**
 * Static JSON files the build writes beside the pages (sample data, search index), fetched by
 * the browser only when a block needs them, once per page load (later calls share the promise;
 * a failed fetch is retried on the next call).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

const pending = new Map<string, Promise<unknown>>();
const loaded = new Map<string, unknown>();
/** Hooks waiting for a file to load. */
const readers = new Set<() => void>();
const subscribe = (onLoad: () => void) => {
  readers.add(onLoad);
  return () => {
    readers.delete(onLoad);
  };
};

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
        for (const read of readers) read();
        return data;
      });
    p.catch(() => pending.delete(url));
    pending.set(url, p);
  }
  return p as Promise<T>;
}

export type StaticJson<T> = { status: 'idle' | 'loading' | 'error'; data?: undefined } | { status: 'ready'; data: T };

/**
 * The file's content once loaded. `enabled: false` fetches nothing (status "idle"). A hydrating
 * render is always "loading" (or "idle"), like the prerendered HTML, even when another island
 * has loaded the file already, so hydration matches; a block mounted later (a choice the shopper
 * made) gets an already loaded file at once.
 */
export function useStaticJson<T>(url: string, enabled = true): StaticJson<T> {
  const data = useSyncExternalStore(
    subscribe,
    () => loaded.get(url),
    () => undefined,
  );
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled || loaded.has(url)) return;
    let alive = true;
    setFailed(false);
    loadStaticJson<T>(url).catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [url, enabled]);
  if (!enabled) return { status: 'idle' };
  if (data !== undefined) return { status: 'ready', data: data as T };
  return { status: failed ? 'error' : 'loading' };
}
