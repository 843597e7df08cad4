import { useId, type ReactNode } from 'react';
import { defineBlock, headingsOf, type RichNode, type TocHeading } from '../../engine/index.ts';
import type { BlogTocProps } from '../../schemas/types/blocks/blog-toc.ts';
import styles from './blog-toc.module.css';

interface Entry {
  heading: TocHeading;
  children: Entry[];
}

/** h2 > h3 > h4 as nested entries; a deeper heading without a parent joins the level above. */
function nest(headings: TocHeading[]): Entry[] {
  const root: Entry[] = [];
  const stack: { level: number; children: Entry[] }[] = [{ level: 1, children: root }];
  for (const heading of headings) {
    while (stack.length > 1 && stack.at(-1)!.level >= heading.level) stack.pop();
    const entry = { heading, children: [] };
    stack.at(-1)!.children.push(entry);
    stack.push({ level: heading.level, children: entry.children });
  }
  return root;
}

function Entries({ entries }: { entries: Entry[] }): ReactNode {
  return (
    <ol>
      {entries.map((e) => (
        <li key={e.heading.id}>
          <a href={`#${e.heading.id}`}>{e.heading.text}</a>
          {e.children.length > 0 && <Entries entries={e.children} />}
        </li>
      ))}
    </ol>
  );
}

/**
 * Table of contents of a text: its h2/h3/h4 headings with links to them. The ids come from the
 * engine's headingsOf(), the same function rich-text uses to give its headings ids, so each
 * link lands on its heading. Plain fragment links: the browser scrolls and moves focus.
 */
function BlogToc({ title, content }: BlogTocProps) {
  const headingId = useId();
  const headings = Array.isArray(content) ? headingsOf(content as unknown as RichNode[]) : [];
  if (!headings.length) return null;
  return (
    <nav className={styles.toc} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      <Entries entries={nest(headings)} />
    </nav>
  );
}

export default defineBlock({
  type: 'blog-toc',
  component: BlogToc,
  description: "Table of contents from a text's h2/h3/h4 headings.",
});
