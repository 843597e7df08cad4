/** Writing a changed value back keeps the rest of the text as it was. */
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { editJsonText } from './json-edit.ts';

const text = `{
  // the page's blocks
  "blocks": [
    { "type": "heading", "props": { "title": "One", "level": 2 } },
    {
      "type": "cta-band",
      "props": { "title": "Two" }
    },
    { "type": "heading", "props": { "title": "Three" } }
  ]
}
`;

const edit = (change: (v: { blocks: Record<string, unknown>[] }) => void) => {
  const value = parse(text);
  const next = structuredClone(value);
  change(next);
  const out = editJsonText(text, value, next);
  expect(parse(out)).toEqual(next);
  return out;
};

describe('editJsonText', () => {
  it('changes one value in place, keeping comments and layout', () => {
    const out = edit((v) => {
      (v.blocks[1]!.props as Record<string, unknown>).title = 'Deux';
    });
    expect(out).toBe(text.replace('"Two"', '"Deux"'));
  });

  it('removes and adds keys', () => {
    const out = edit((v) => {
      const props = v.blocks[0]!.props as Record<string, unknown>;
      delete props.level;
      props.intro = 'Hi';
    });
    expect(out).toContain("// the page's blocks");
    expect(out).toContain('"title": "Three"');
  });

  it('moves a block as one removal and one insertion', () => {
    const out = edit((v) => {
      const [moved] = v.blocks.splice(2, 1);
      v.blocks.splice(1, 0, moved!);
    });
    // The first block, not moved, keeps its line; one of the two others is moved whole.
    expect(out).toContain('    { "type": "heading", "props": { "title": "One", "level": 2 } },\n');
    expect(out.indexOf('Three')).toBeLessThan(out.indexOf('Two'));
  });

  it('inserts, duplicates and deletes blocks', () => {
    edit((v) => {
      v.blocks.splice(1, 0, { type: 'faq-list', props: { faqs: [] } });
    });
    edit((v) => {
      v.blocks.push(structuredClone(v.blocks[0]!));
    });
    const out = edit((v) => {
      v.blocks.splice(0, 1);
    });
    expect(out).not.toContain('"One"');
  });
});
