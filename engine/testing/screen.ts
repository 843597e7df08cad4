/**
 * Test helper: server-rendered HTML parsed into a DOM (happy-dom, nothing loaded or run) and
 * queried as a user reads the page, by role and text (@testing-library/dom), instead of regular
 * expressions over the HTML string.
 */
import { within } from '@testing-library/dom';
import { Window } from 'happy-dom';
import type { BlockDefinition, PublicSite } from '../types.ts';
import { renderBlock, type WrittenProps } from './render-block.tsx';

const SETTINGS = {
  disableJavaScriptEvaluation: true,
  disableJavaScriptFileLoading: true,
  disableCSSFileLoading: true,
  disableIframePageLoading: true,
  navigation: { disableMainFrameNavigation: true, disableChildFrameNavigation: true, disableChildPageNavigation: true },
};

/**
 * The queries of @testing-library/dom bound to the rendered HTML, and its root element. The
 * page's own <style> rules apply at the viewport `width` (default 1024, a desktop): a test of
 * what a phone shows passes 375.
 */
export function screenOf(html: string, o: { width?: number } = {}) {
  const window = new Window({ url: 'https://shop.test/', width: o.width ?? 1024, height: 768, settings: SETTINGS });
  const root = window.document.createElement('div');
  root.innerHTML = html;
  window.document.body.appendChild(root);
  const container = root as unknown as HTMLElement;
  return { container, ...within(container) };
}

/** A block rendered as renderBlock does, ready to query by role and text. */
export function renderBlockScreen<P>(
  block: BlockDefinition<P>,
  props: WrittenProps<NoInfer<P>>,
  opts: { path?: string; site?: PublicSite; width?: number } = {},
) {
  return screenOf(renderBlock(block, props, opts), opts);
}
