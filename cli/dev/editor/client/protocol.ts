/** What the editor and its preview frame share. */
import type { Defaults } from '../../../../engine/blocks/defaults.ts';
import type { PageData } from '../../../../engine/types.ts';
import { LINT_EVENT } from '../../overlay-view.ts';

/** Set by the preview frame on its window; the editor calls it on each change. */
export interface PreviewApi {
  render: (
    data: PageData,
    selected: string | undefined,
    defaults: Record<string, Defaults | undefined>,
  ) => Promise<void>;
}

/**
 * A content file changed on disk: `joinery dev` tells open pages with its lint event (and, for
 * some changes, asks them to reload). The editor keeps its unsaved state instead (a save checks
 * the file itself); `onChange` hears of the change.
 */
export function keepOnContentChange(hot: ImportMeta['hot'], onChange?: () => void) {
  hot?.on(LINT_EVENT, () => onChange?.());
  hot?.on('vite:beforeFullReload', (payload: { path?: string }) => {
    // The content reload names no path (Vite's own, for new dependencies, names "*": it goes on).
    if (payload.path) return;
    // The client reloads only a page whose path matches an .html path given: none does.
    payload.path = '/__joinery/editor-stays.html';
    onChange?.();
  });
}
