/** Content text: inline markup, heading slugs, structured text and its table of contents. */
export { plainText } from './markup.ts';
export { slugify, createSlugger } from './slugify.ts';
export { renderInline } from './inline.tsx';
export {
  RichNodes,
  headingsOf,
  type RichNode,
  type TocHeading,
} from './rich-nodes.tsx';
