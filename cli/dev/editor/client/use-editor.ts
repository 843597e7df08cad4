/**
 * The editor's state: the open files and their edited values with undo and redo, the selected
 * block, the linter's findings on the unsaved values (asked of the server after each change) and
 * saving (with the server's refusals: a file changed on disk, lint errors).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BlockInstance, Finding } from '../../../../engine/types.ts';
import { deepEqual } from '../json-edit.ts';
import { type BlockType, type Docs, getAt, type Opened, type ResolvedRefs, setAt } from './model.ts';

const API = '/__joinery/api';
/** The API takes only JSON bodies (and the page's token, added to every API request: api-token.ts). */
const JSON_BODY = { 'content-type': 'application/json' };

export interface Status {
  kind: 'info' | 'error';
  message: string;
}

interface History {
  docs: Docs;
  past: Docs[];
  future: Docs[];
  /** What the last change was, so that typing in one field is one step to undo. */
  lastKind?: string;
  lastAt: number;
}

async function getJson<T>(path: string): Promise<T> {
  const r = await fetch(`${API}/${path}`);
  const body = await r.json();
  if (!r.ok) throw new Error(body.message ?? `${path}: ${r.status}`);
  return body as T;
}

/** The edited values with undo and redo; `kind` groups quick successive edits into one undo step. */
function useHistory() {
  const [history, setHistory] = useState<History>({ docs: {}, past: [], future: [], lastAt: 0 });
  /** Sets the value at a pointer of a file. */
  const change = useCallback((file: string, pointer: string, value: unknown, kind?: string) => {
    setHistory((h) => {
      const next = { ...h.docs, [file]: setAt(h.docs[file], pointer, value) };
      const now = Date.now();
      const merge = kind !== undefined && kind === h.lastKind && now - h.lastAt < 1000;
      return { docs: next, past: merge ? h.past : [...h.past, h.docs], future: [], lastKind: kind, lastAt: now };
    });
  }, []);
  const undo = useCallback(
    () =>
      setHistory((h) =>
        h.past.length
          ? { docs: h.past.at(-1)!, past: h.past.slice(0, -1), future: [h.docs, ...h.future], lastAt: 0 }
          : h,
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setHistory((h) =>
        h.future.length ? { docs: h.future[0]!, past: [...h.past, h.docs], future: h.future.slice(1), lastAt: 0 } : h,
      ),
    [],
  );
  return { history, setHistory, change, undo, redo };
}

export function useEditor(route: string) {
  const [opened, setOpened] = useState<Opened>();
  const [types, setTypes] = useState<Record<string, BlockType>>({});
  const [lists, setLists] = useState<{ routes: { path: string }[]; images: string[] }>({ routes: [], images: [] });
  const { history, setHistory, change, undo, redo } = useHistory();
  const [selected, setSelected] = useState<string>();
  const [findings, setFindings] = useState<Finding[]>([]);
  const [refs, setRefs] = useState<ResolvedRefs>({});
  const [status, setStatus] = useState<Status>();
  const [diskChanged, setDiskChanged] = useState(false);
  const lintSeq = useRef(0);
  const openedRef = useRef<Opened>(undefined);
  openedRef.current = opened;

  /** A content file changed on disk: is it one of ours, changed since we opened or saved it? */
  const checkDisk = useCallback(async () => {
    const now = await getJson<Opened>(`page?route=${encodeURIComponent(route)}`).catch(() => undefined);
    const was = openedRef.current;
    if (now && was) setDiskChanged(Object.keys(was.files).some((rel) => now.files[rel]?.hash !== was.files[rel]!.hash));
  }, [route]);
  const docs = history.docs;

  useEffect(() => {
    Promise.all([
      getJson<Opened>(`page?route=${encodeURIComponent(route)}`),
      getJson<Record<string, BlockType>>('blocks'),
      getJson<{ path: string }[]>('routes'),
      getJson<string[]>('images'),
    ]).then(
      ([o, t, routes, images]) => {
        setOpened(o);
        setTypes(t);
        setLists({ routes, images });
        setRefs(o.refs);
        setHistory({
          docs: Object.fromEntries(Object.entries(o.files).map(([k, f]) => [k, f.value])),
          past: [],
          future: [],
          lastAt: 0,
        });
      },
      (e: Error) => setStatus({ kind: 'error', message: e.message }),
    );
  }, [route, setHistory]);

  const dirtyFiles = useMemo(
    () => (opened ? Object.keys(opened.files).filter((rel) => !deepEqual(opened.files[rel]!.value, docs[rel])) : []),
    [opened, docs],
  );

  // The linter's findings for the values as they are now (the newest answer wins).
  useEffect(() => {
    if (!opened || !Object.keys(docs).length) return;
    const seq = ++lintSeq.current;
    const t = setTimeout(async () => {
      const files = Object.fromEntries(Object.entries(docs).map(([rel, value]) => [rel, { value }]));
      const r = await fetch(`${API}/lint`, {
        method: 'POST',
        headers: JSON_BODY,
        body: JSON.stringify({ files, route: opened.route.path }),
      });
      const body = await r.json();
      if (seq !== lintSeq.current) return;
      if (!r.ok) return setStatus({ kind: 'error', message: body.message });
      setFindings(body.findings);
      setRefs((prev) => ({ ...prev, ...body.refs }));
    }, 150);
    return () => clearTimeout(t);
  }, [opened, docs]);

  const save = useCallback(async () => {
    if (!opened) return;
    if (!dirtyFiles.length) return setStatus({ kind: 'info', message: 'Nothing to save: no changes.' });
    setStatus({ kind: 'info', message: 'Saving…' });
    const files = Object.fromEntries(
      dirtyFiles.map((rel) => [rel, { value: docs[rel], hash: opened.files[rel]!.hash }]),
    );
    const r = await fetch(`${API}/save`, {
      method: 'POST',
      headers: JSON_BODY,
      body: JSON.stringify({ files, route: opened.route.path }),
    });
    const body = await r.json();
    if (!r.ok) {
      if (body.findings) setFindings(body.findings);
      return setStatus({ kind: 'error', message: body.message });
    }
    setOpened((o) => o && { ...o, files: { ...o.files, ...body.files } });
    setDiskChanged(false);
    setStatus({ kind: 'info', message: `Saved ${Object.keys(body.files).join(', ')}.` });
  }, [opened, docs, dirtyFiles]);

  return {
    opened,
    types,
    lists,
    docs,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    selected,
    setSelected,
    findings,
    refs,
    status,
    setStatus,
    dirtyFiles,
    diskChanged,
    checkDisk,
    change,
    undo,
    redo,
    save,
  };
}

export type Editor = ReturnType<typeof useEditor>;

/** The block a key names, with its list's file and pointer. */
export function blockAt(editor: Editor, key: string | undefined) {
  if (!key) return undefined;
  const [file, pointer] = key.split('#') as [string, string];
  const block = getAt(editor.docs[file], pointer) as BlockInstance | undefined;
  if (!block) return undefined;
  const i = pointer.lastIndexOf('/');
  return { file, pointer, block, list: pointer.slice(0, i), index: Number(pointer.slice(i + 1)) };
}
