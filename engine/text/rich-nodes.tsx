/**
 * Structured text as content files hold it (paragraphs, h2-h4, lists, quotes, images) rendered
 * to React. Headings get unique slug ids in document order; headingsOf() walks the same nodes
 * the same way, so a table of contents always links to the ids the text renders.
 */
import { Fragment, type ReactNode } from 'react';
import { renderInline } from './inline.tsx';
import { plainText } from './markup.ts';
import { createSlugger } from './slugify.ts';

export interface RichTextNode {
  type: 'p' | 'h2' | 'h3' | 'h4' | 'quote';
  text: string;
  /** Who is quoted (quote only). */
  cite?: string;
}
export interface RichListNode {
  type: 'ul' | 'ol';
  items: string[];
}
export interface RichImageNode {
  type: 'img';
  src: string;
  alt: string;
  width: number;
  height: number;
  caption?: string;
}
export type RichNode = RichTextNode | RichListNode | RichImageNode;

export interface TocHeading {
  id: string;
  /** The heading without inline markup. */
  text: string;
  level: 2 | 3 | 4;
}

const HEADING_LEVEL = { h2: 2, h3: 3, h4: 4 } as const;
const isHeading = (n: RichNode): n is RichTextNode & { type: 'h2' | 'h3' | 'h4' } =>
  !!n && n.type in HEADING_LEVEL && typeof (n as RichTextNode).text === 'string';

/** The h2/h3/h4 headings of a text with the ids RichNodes gives them. */
export function headingsOf(nodes: readonly RichNode[]): TocHeading[] {
  const idFor = createSlugger();
  return nodes
    .filter(isHeading)
    .map((n) => ({ id: idFor(n.text), text: plainText(n.text), level: HEADING_LEVEL[n.type] }));
}

export interface RichNodesProps {
  nodes: readonly RichNode[];
  /** Class names for the parts a container's CSS cannot reach by element name. */
  classNames?: { quote?: string; figure?: string };
}

export function RichNodes({ nodes, classNames = {} }: RichNodesProps) {
  const idFor = createSlugger();
  const out: ReactNode[] = nodes.map((node, i) => {
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
          <figure key={i} className={classNames.quote}>
            <blockquote>
              <p>{renderInline(node.text)}</p>
            </blockquote>
            {node.cite && <figcaption>{node.cite}</figcaption>}
          </figure>
        );
      case 'img':
        return (
          <figure key={i} className={classNames.figure}>
            <img
              src={node.src}
              alt={node.alt}
              width={node.width}
              height={node.height}
              loading="lazy"
              decoding="async"
            />
            {node.caption && <figcaption>{renderInline(node.caption)}</figcaption>}
          </figure>
        );
      default:
        return <p key={i}>{renderInline(node.text)}</p>;
    }
  });
  return <Fragment>{out}</Fragment>;
}
