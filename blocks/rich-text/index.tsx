import { defineBlock } from '../../engine/index.ts';
import type { ListNode, RichTextProps, TextNode } from '../../schemas/types/blocks/rich-text.ts';
import { renderInline, slugify } from './inline.tsx';
import styles from './rich-text.module.css';

/** Structured text; h2-h4 get unique id slugs so a table of contents can link to them. */
function RichText({ content, width = 'narrow' }: RichTextProps) {
  const used = new Map<string, number>();
  const idFor = (text: string) => {
    const base = slugify(text);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
  const nodes = content as (TextNode | ListNode)[];
  return (
    <div className={`${styles.text} ${width === 'wide' ? styles.wide : ''}`}>
      {nodes.map((node, i) => {
        switch (node.type) {
          case 'ul':
          case 'ol': {
            const List = node.type;
            return (
              <List key={i}>
                {node.items.map((item, j) => (
                  <li key={j}>{renderInline(item)}</li>
                ))}
              </List>
            );
          }
          case 'h2':
          case 'h3':
          case 'h4': {
            const Heading = node.type;
            return (
              <Heading key={i} id={idFor(node.text)}>
                {renderInline(node.text)}
              </Heading>
            );
          }
          case 'quote':
            return (
              <figure key={i} className={styles.quote}>
                <blockquote>
                  <p>{renderInline(node.text)}</p>
                </blockquote>
                {node.cite && <figcaption>{node.cite}</figcaption>}
              </figure>
            );
          default:
            return <p key={i}>{renderInline(node.text)}</p>;
        }
      })}
    </div>
  );
}

export default defineBlock({ type: 'rich-text', component: RichText, description: 'Paragraphs, headings, lists and quotes with links and bold.' });
