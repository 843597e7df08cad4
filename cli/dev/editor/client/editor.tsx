/**
 * The visual editor (/__joinery/edit?route=/path): a side panel (outline, the selected block's
 * form, page settings, findings) beside the page's preview at a device width. Edits re-render the
 * preview at once in the browser; Save (or Ctrl/Cmd+S) writes the files through the server.
 */
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SIZE_DEVICES } from '../../../../engine/types.ts';
import { PropsForm } from './block-form.tsx';
import { AddBlockDialog, BlockActions, VisibleOn } from './block-actions.tsx';
import { sendTokenWithApiRequests } from './api-token.ts';
import { defaultsByType, errorTree, previewData } from './model.ts';
import { Outline } from './outline.tsx';
import { RouteSettings } from './route-settings.tsx';
import { keepOnContentChange, type PreviewApi } from './protocol.ts';
import { blockAt, type Editor, useEditor } from './use-editor.ts';
import './editor.css';

sendTokenWithApiRequests();
const route = new URLSearchParams(location.search).get('route') ?? '/';

function Preview({ editor, width }: { editor: Editor; width: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const { opened, docs, refs, types, selected } = editor;
  const defaults = useRef<ReturnType<typeof defaultsByType>>({});
  useEffect(() => {
    defaults.current = defaultsByType(types);
  }, [types]);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin) return;
      if (e.data?.type === 'joinery:preview-ready') setReady(true);
      else if (e.data?.type === 'joinery:select') editor.setSelected(e.data.key);
      else if (e.data?.type === 'joinery:save') void editor.save();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [editor.setSelected, editor.save]);
  useEffect(() => {
    if (!ready || !opened || !Object.keys(types).length) return;
    const api = (frame.current?.contentWindow as unknown as { joineryPreview?: PreviewApi } | null)?.joineryPreview;
    void api?.render(previewData(opened, docs, refs, defaults.current), selected, defaults.current);
  }, [ready, opened, docs, refs, types, selected]);
  return (
    <iframe
      ref={frame}
      title="Page preview"
      src={`/__joinery/preview?route=${encodeURIComponent(route)}`}
      style={{ width: `${width}px` }}
    />
  );
}

function SelectedBlock({ editor }: { editor: Editor }) {
  const at = blockAt(editor, editor.selected);
  if (!at) return null;
  const type = editor.types[at.block.type];
  const propsPointer = `${at.pointer}/props`;
  return (
    <section aria-labelledby="jv-block-heading" className="jv-section">
      <h2 id="jv-block-heading">Block: {at.block.type}</h2>
      <BlockActions editor={editor} at={at} />
      <VisibleOn editor={editor} at={at} />
      {type ? (
        <PropsForm
          key={editor.selected}
          schema={type.schema}
          value={at.block.props ?? {}}
          refs={editor.refs}
          idPrefix="jv-props"
          errors={errorTree(editor.findings, at.file, propsPointer)}
          onChange={(props) => editor.change(at.file, propsPointer, props, `form ${editor.selected}`)}
        />
      ) : (
        <p>No schema for the block type "{at.block.type}".</p>
      )}
    </section>
  );
}

function Findings({ editor }: { editor: Editor }) {
  const { findings } = editor;
  return (
    <section aria-labelledby="jv-findings-heading" className="jv-section">
      <h2 id="jv-findings-heading">Lint findings ({findings.length})</h2>
      {findings.length ? (
        <ul className="jv-findings">
          {findings.map((f) => (
            <li key={`${f.file}${f.pointer}${f.ruleId}${f.message}`} className={`jv-${f.severity}`}>
              <strong>{f.severity}</strong> {f.file}:{f.line}:{f.column} {f.message} <small>{f.ruleId}</small>
            </li>
          ))}
        </ul>
      ) : (
        <p>No findings.</p>
      )}
    </section>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  return (
    <div className="jv-toolbar" role="toolbar" aria-label="Document">
      <button type="button" onClick={editor.undo} disabled={!editor.canUndo}>
        Undo
      </button>
      <button type="button" onClick={editor.redo} disabled={!editor.canRedo}>
        Redo
      </button>
      <button type="button" className="jv-primary" onClick={() => void editor.save()}>
        Save
      </button>
      <span className="jv-dirty">
        {editor.dirtyFiles.length ? `Unsaved: ${editor.dirtyFiles.join(', ')}` : 'No unsaved changes'}
      </span>
    </div>
  );
}

function widthsOf(editor: Editor): Record<(typeof SIZE_DEVICES)[number], number> {
  const bp = editor.opened?.pageData.site.breakpoints ?? { tablet: 768, desktop: 1201 };
  return { mobile: 375, tablet: bp.tablet, desktop: Math.max(bp.desktop, 1280) };
}

function App() {
  const editor = useEditor(route);
  const [device, setDevice] = useState<(typeof SIZE_DEVICES)[number]>('desktop');
  const { save, undo, redo, checkDisk } = editor;
  useEffect(() => keepOnContentChange(import.meta.hot, () => void checkDisk()), [checkDisk]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const inText = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
      if (e.key === 's') {
        e.preventDefault();
        void save();
      } else if (e.key === 'z' && !inText) {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save, undo, redo]);
  const widths = widthsOf(editor);
  return (
    <div className="jv-editor">
      <aside className="jv-panel" aria-label="Editor panel">
        <header>
          <h1>
            Editing <a href={route}>{route}</a>
          </h1>
          <Toolbar editor={editor} />
          <p role="status" className={`jv-status jv-${editor.status?.kind ?? 'info'}`}>
            {editor.status?.message}
          </p>
          {editor.diskChanged && (
            <p className="jv-warning">
              A file open here changed on disk since this editor opened it: Save will refuse to overwrite it; reload to
              see it as it is now.
            </p>
          )}
        </header>
        {editor.opened && (
          <>
            <Outline editor={editor} />
            <AddBlockDialog editor={editor} />
            <SelectedBlock editor={editor} />
            <RouteSettings editor={editor} />
            <Findings editor={editor} />
          </>
        )}
        <datalist id="jv-routes">
          {editor.lists.routes.map((r) => (
            <option key={r.path} value={r.path} />
          ))}
        </datalist>
        <datalist id="jv-images">
          {editor.lists.images.map((src) => (
            <option key={src} value={src} />
          ))}
        </datalist>
      </aside>
      <div className="jv-stage">
        <div className="jv-toolbar" role="toolbar" aria-label="Device width">
          {SIZE_DEVICES.map((d) => (
            <button key={d} type="button" aria-pressed={device === d} onClick={() => setDevice(d)}>
              {d[0]!.toUpperCase() + d.slice(1)} ({widths[d]} px)
            </button>
          ))}
        </div>
        <div className="jv-frame">{editor.opened && <Preview editor={editor} width={widths[device]} />}</div>
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
