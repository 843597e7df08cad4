import { RichNodes, defineBlock, type RichNode } from '../../engine/index.ts';
import type { RichTextProps } from '../../schemas/types/blocks/rich-text.ts';
import styles from './rich-text.module.css';

/**
 * Structured text; h2-h4 get unique id slugs (the engine's, shared with the blog's table of
 * contents) so a table of contents can link to them.
 */
function RichText({ content, width }: RichTextProps) {
  return (
    <div className={`${styles.text} ${width === 'wide' ? styles.wide : ''}`}>
      <RichNodes nodes={content as RichNode[]} classNames={{ quote: styles.quote, figure: styles.figure }} />
    </div>
  );
}

export default defineBlock({
  type: 'rich-text',
  component: RichText,
  description: 'Paragraphs, headings, lists and quotes with links and bold.',
});
