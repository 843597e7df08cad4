/**
 * The editor's preview (in its frame): the page rendered in the browser with the real block
 * components from the page data the editor hands it on each change. Each block sits in a
 * `data-jv-edit` wrapper: a click on the page selects its block (links do not navigate) and the
 * selected block is outlined.
 */
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { blockLoaders } from 'virtual:joinery/blocks';
import { withShop } from '../../../../engine/commerce/shop.ts';
import { PageContext, RegistryContext } from '../../../../engine/render/context.ts';
import { loadBlocks } from '../../../../engine/render/load-blocks.ts';
import { MAIN_ID } from '../../../../engine/render/main-region.ts';
import { BlockElement } from '../../../../engine/render/page-view.tsx';
import { visibilityClasses } from '../../../../engine/render/visibility.ts';
import type { BlockNode, BlockRegistry, PageData } from '../../../../engine/types.ts';
import { createImagePriority, ImagePriorityContext } from '../../../../engine/ui/image-priority.ts';
import '../../../../engine/ui/tokens.css';
import '../../../../engine/client/base.css';
import { withDefaults } from '../../../../engine/blocks/defaults.ts';
import { type BlockType, defaultsByType, type Opened, resolveRefs } from './model.ts';
import { keepOnContentChange, type PreviewApi } from './protocol.ts';

const STYLE = `[data-jv-edit]{display:contents}
[data-jv-selected]>*{outline:3px solid #2563eb!important;outline-offset:-3px}
[data-jv-edit]>*:hover{outline:2px dashed #2563eb88;outline-offset:-2px}`;

const Block = memo(function Block({ node, registry }: { node: BlockNode; registry: BlockRegistry }) {
  const def = registry[node.type];
  let content: ReactNode = def ? (
    <BlockElement id={node.key} type={node.type} def={def} props={node.props} load={node.load} dev />
  ) : (
    <div className="jv-unknown-block" role="note">{`Unknown block type "${node.type}"`}</div>
  );
  const cls = visibilityClasses(node.visibleOn);
  if (cls) content = <div className={`jv-vis ${cls}`}>{content}</div>;
  return content;
});

function Page({ data, registry, selected }: { data: PageData; registry: BlockRegistry; selected?: string }) {
  // The selected block is brought into view once it is on the page.
  useEffect(() => {
    if (selected)
      document
        .querySelector(`[data-jv-edit="${CSS.escape(selected)}"]`)
        ?.firstElementChild?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  // Stable while only blocks change: a block reading the page's context re-renders with it otherwise.
  const { path, site, head } = data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's own fields, not its blocks
  const page = useMemo(() => data, [path, site, head]);
  const registryValue = useMemo(() => ({ registry, dev: true }), [registry]);
  const priority = useMemo(() => createImagePriority(), []);
  return (
    <RegistryContext.Provider value={registryValue}>
      <PageContext.Provider value={page}>
        <ImagePriorityContext.Provider value={priority}>
          {data.regions.map((region) => {
            const Tag = region.tag;
            return (
              <Tag key={region.name} data-region={region.name} id={region.tag === 'main' ? MAIN_ID : undefined}>
                {region.blocks.map((b) => (
                  <div key={b.key} data-jv-edit={b.key} data-jv-selected={b.key === selected ? '' : undefined}>
                    <Block node={b} registry={registry} />
                  </div>
                ))}
              </Tag>
            );
          })}
        </ImagePriorityContext.Provider>
      </PageContext.Provider>
    </RegistryContext.Provider>
  );
}

/** `?block=TYPE` (the block gallery): that block alone, from its example.json, on the home page's data. */
const example = new URLSearchParams(location.search).get('block');

async function showExample(api: PreviewApi, type: string) {
  blockLoaders[type]?.().catch(() => {}); // its code loads while the data does (a failure shows below)
  const [types, home] = await Promise.all([
    fetch('/__joinery/api/blocks').then((r) => r.json() as Promise<Record<string, BlockType>>),
    fetch('/__joinery/api/page?route=/').then((r) => r.json() as Promise<Opened>),
  ]);
  const defaults = defaultsByType(types);
  const props = types[type]?.example.props ?? {};
  const node = { key: `example-${type}`, type, props: withDefaults(resolveRefs(props, home.refs), defaults[type]) };
  const data: PageData = {
    ...home.pageData,
    regions: [{ name: 'main', tag: 'main', blocks: [node as BlockNode] }],
    blockTypes: [type],
  };
  await api.render(data, undefined, defaults);
}

function App({ api }: { api: PreviewApi }) {
  const [state, setState] = useState<{ data: PageData; registry: BlockRegistry; selected?: string }>();
  useEffect(() => {
    let registry: BlockRegistry = {};
    let loadingAll = false;
    const load = async (types: string[], defaults: Parameters<PreviewApi['render']>[2]) => {
      const loaded = await loadBlocks(blockLoaders, types, { ...registry });
      registry = Object.fromEntries(
        Object.entries(loaded).map(([t, def]) => [t, defaults[t] ? { ...def, defaults: defaults[t] } : def]),
      );
    };
    api.render = async (data, selected, defaults) => {
      const types = data.regions.flatMap((r) => r.blocks.map((b) => b.type));
      if (types.some((t) => !registry[t] && blockLoaders[t])) await load(types, defaults);
      // The preview serves the page's shop (the cart store, the field rules and formatPrice read it).
      const show = () => setState({ data, registry, selected });
      if (data.site.commerce) withShop(data.site.commerce, show);
      else show();
      // Then every other block, so that one added later shows at once; marked when done. An
      // example (the gallery's) shows one block only.
      if (loadingAll || example) return;
      loadingAll = true;
      await load(Object.keys(blockLoaders), defaults);
      document.documentElement.setAttribute('data-jv-all-blocks', '');
    };
    if (example) void showExample(api, example);
    else window.parent.postMessage({ type: 'joinery:preview-ready' }, location.origin);
  }, [api]);
  if (!state) return <p>Loading the preview…</p>;
  return <Page {...state} />;
}

const style = document.createElement('style');
style.textContent = STYLE;
document.head.append(style);
keepOnContentChange(import.meta.hot);

const api: PreviewApi = { render: async () => {} };
(window as unknown as { joineryPreview: PreviewApi }).joineryPreview = api;
// A click picks the block under it; nothing on the page acts on it (no link is followed).
document.addEventListener(
  'click',
  (e) => {
    const el = (e.target as Element | null)?.closest?.('[data-jv-edit]');
    if (!el) return;
    e.preventDefault();
    e.stopPropagation();
    window.parent.postMessage({ type: 'joinery:select', key: el.getAttribute('data-jv-edit') }, location.origin);
  },
  true,
);
document.addEventListener('keydown', (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === 's') {
    e.preventDefault();
    window.parent.postMessage({ type: 'joinery:save' }, location.origin);
  }
});
document.addEventListener('submit', (e) => e.preventDefault(), true);
createRoot(document.getElementById('root')!).render(<App api={api} />);
