/** Content text: inline markup, heading slugs, structured text and its table of contents. */
export { INLINE_MARKUP, plainText } from './markup.ts';
export { fillText } from './fill.ts';
export { escapeHtml } from './escape-html.ts';
export { slugify, createSlugger } from './slugify.ts';
export { renderInline } from './inline.tsx';
export {
  RichNodes,
  headingsOf,
  type RichNode,
  type RichTextNode,
  type RichListNode,
  type RichImageNode,
  type RichNodesProps,
  type TocHeading,
} from './rich-nodes.tsx';
