/** The outline: the page's regions and their blocks in order, each a button naming "type: label". */
import { blockKey, blockLabel, blockLists } from './model.ts';
import type { Editor } from './use-editor.ts';

export function Outline({ editor }: { editor: Editor }) {
  const lists = blockLists(editor.opened!, editor.docs);
  return (
    <nav aria-labelledby="jv-outline-heading" className="jv-section jv-outline">
      <h2 id="jv-outline-heading">Outline</h2>
      {lists.map((list) => (
        <div key={`${list.file}${list.pointer}`}>
          <h3>
            {list.name} <small>{list.file}</small>
          </h3>
          <ul aria-label={`${list.name} blocks`}>
            {list.blocks.map((b, i) => {
              const key = blockKey(list.file, `${list.pointer}/${i}`);
              const label = blockLabel(b.props);
              return (
                <li key={i}>
                  <button type="button" aria-pressed={editor.selected === key} onClick={() => editor.setSelected(key)}>
                    {label ? `${b.type}: ${label}` : b.type}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
