/**
 * The outline: the page's regions and their blocks in order, each a button naming "type: label".
 * A block can be dragged onto another of the same list to take its place (Move up / Move down
 * in the block's toolbar do the same from the keyboard).
 */
import { useState } from 'react';
import { type BlockList, blockKey, blockLabel, blockLists } from './model.ts';
import type { Editor } from './use-editor.ts';

interface Dragged {
  list: string;
  from: number;
}

/** `list` with the block at `from` moved to `to`. */
const moved = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

export function Outline({ editor }: { editor: Editor }) {
  const lists = blockLists(editor.opened!, editor.docs);
  const [dragged, setDragged] = useState<Dragged>();
  const [over, setOver] = useState<string>();
  const drop = (list: BlockList, to: number) => {
    const id = `${list.file}${list.pointer}`;
    if (dragged?.list === id && dragged.from !== to) {
      editor.change(list.file, list.pointer, moved(list.blocks, dragged.from, to));
      editor.setSelected(blockKey(list.file, `${list.pointer}/${to}`));
    }
    setDragged(undefined);
    setOver(undefined);
  };
  return (
    <nav aria-labelledby="jv-outline-heading" className="jv-section jv-outline">
      <h2 id="jv-outline-heading">Outline</h2>
      {lists.map((list) => {
        const id = `${list.file}${list.pointer}`;
        return (
          <div key={id}>
            <h3>
              {list.name} <small>{list.file}</small>
            </h3>
            <ul aria-label={`${list.name} blocks`}>
              {list.blocks.map((b, i) => {
                const key = blockKey(list.file, `${list.pointer}/${i}`);
                const label = blockLabel(b.props);
                return (
                  <li
                    key={i}
                    draggable
                    className={over === key ? 'jv-drop-target' : undefined}
                    onDragStart={(e) => {
                      e.dataTransfer.effectAllowed = 'move';
                      e.dataTransfer.setData('text/plain', key);
                      setDragged({ list: id, from: i });
                    }}
                    onDragOver={(e) => {
                      if (dragged?.list !== id) return;
                      e.preventDefault();
                      setOver(key);
                    }}
                    onDragLeave={() => setOver((o) => (o === key ? undefined : o))}
                    onDrop={(e) => {
                      e.preventDefault();
                      drop(list, i);
                    }}
                    onDragEnd={() => {
                      setDragged(undefined);
                      setOver(undefined);
                    }}
                  >
                    <button
                      type="button"
                      aria-pressed={editor.selected === key}
                      onClick={() => editor.setSelected(key)}
                    >
                      {label ? `${b.type}: ${label}` : b.type}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
