/** Moving, duplicating, deleting and adding blocks, and where each is shown (visibleOn). */
import { useMemo, useRef, useState } from 'react';
import type { BlockInstance, Device } from '../../../../engine/types.ts';
import { SIZE_DEVICES } from '../../../../engine/types.ts';
import { LazyFrame } from './lazy-frame.tsx';
import { blockKey, blockLists, getAt } from './model.ts';
import { blockAt, type Editor } from './use-editor.ts';

type At = NonNullable<ReturnType<typeof blockAt>>;

function listOf(editor: Editor, at: { file: string; list: string }): BlockInstance[] {
  return (getAt(editor.docs[at.file], at.list) as BlockInstance[] | undefined) ?? [];
}

export function BlockActions({ editor, at }: { editor: Editor; at: At }) {
  const list = listOf(editor, at);
  const replace = (next: BlockInstance[], select?: number) => {
    editor.change(at.file, at.list, next);
    editor.setSelected(select === undefined ? undefined : blockKey(at.file, `${at.list}/${select}`));
  };
  const move = (by: number) => {
    const to = at.index + by;
    const next = [...list];
    const [b] = next.splice(at.index, 1);
    next.splice(to, 0, b!);
    replace(next, to);
  };
  return (
    <div className="jv-toolbar" role="toolbar" aria-label="Block actions">
      <button type="button" onClick={() => move(-1)} disabled={at.index === 0}>
        Move up
      </button>
      <button type="button" onClick={() => move(1)} disabled={at.index === list.length - 1}>
        Move down
      </button>
      <button
        type="button"
        onClick={() => replace(list.toSpliced(at.index + 1, 0, structuredClone(list[at.index]!)), at.index + 1)}
      >
        Duplicate
      </button>
      <button type="button" onClick={() => replace(list.toSpliced(at.index, 1))}>
        Delete
      </button>
    </div>
  );
}

export function VisibleOn({ editor, at }: { editor: Editor; at: At }) {
  const shown = at.block.visibleOn;
  const toggle = (d: Device, on: boolean) => {
    const current: Device[] = shown?.length ? shown : [...SIZE_DEVICES];
    const next = on ? [...new Set([...current, d])] : current.filter((x) => x !== d);
    const all = SIZE_DEVICES.every((s) => next.includes(s)) && next.length === SIZE_DEVICES.length;
    editor.change(
      at.file,
      `${at.pointer}/visibleOn`,
      all || !next.length ? undefined : SIZE_DEVICES.filter((s) => next.includes(s)),
    );
  };
  return (
    <fieldset className="jv-visible-on">
      <legend>Visible on</legend>
      {SIZE_DEVICES.map((d) => (
        <label key={d}>
          <input
            type="checkbox"
            checked={!shown?.length || shown.includes(d)}
            onChange={(e) => toggle(d, e.target.checked)}
          />{' '}
          {d}
        </label>
      ))}
    </fieldset>
  );
}

export function AddBlockDialog({ editor }: { editor: Editor }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return Object.entries(editor.types)
      .filter(
        ([t, b]) =>
          !q ||
          t.includes(q) ||
          String(b.schema.description ?? '')
            .toLowerCase()
            .includes(q),
      )
      .sort(([a], [b]) => a.localeCompare(b));
  }, [editor.types, query]);
  const add = (type: string) => {
    const at = blockAt(editor, editor.selected);
    const target =
      at ??
      (() => {
        const page = blockLists(editor.opened!, editor.docs).find((l) => l.file === editor.opened!.page)!;
        return { file: page.file, list: page.pointer, index: page.blocks.length - 1 };
      })();
    const list = listOf(editor, target);
    const example = editor.types[type]!.example;
    const block: BlockInstance = { type, props: structuredClone(example.props ?? {}) };
    editor.change(target.file, target.list, list.toSpliced(target.index + 1, 0, block));
    editor.setSelected(blockKey(target.file, `${target.list}/${target.index + 1}`));
    dialog.current?.close();
  };
  return (
    <div className="jv-section">
      <button type="button" onClick={() => dialog.current?.showModal()}>
        Add block
      </button>{' '}
      <a href="/__joinery/blocks" target="_blank" rel="noreferrer">
        Block gallery
      </a>
      <dialog ref={dialog} aria-labelledby="jv-add-heading" className="jv-add-dialog">
        <h2 id="jv-add-heading">Add a block</h2>
        <p>It is added after the selected block (else at the end of the page), with its example's props.</p>
        <label>
          Search block types <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <ul aria-label="Block types">
          {matches.map(([t, b]) => (
            <li key={t}>
              {/* The block as its example renders it; a picture only (inert), the button names it. */}
              <LazyFrame
                className="jv-add-thumb"
                inert
                title={`${t} example`}
                src={`/__joinery/preview?block=${encodeURIComponent(t)}`}
              />
              <button type="button" onClick={() => add(t)} aria-label={`Add ${t}`}>
                <strong>{t}</strong> <span>{String(b.schema.description ?? '')}</span>
              </button>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
      </dialog>
    </div>
  );
}
