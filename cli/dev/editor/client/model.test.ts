/** The editor's model: findings onto form fields, block labels, edits by pointer, the preview's data. */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../../engine/types.ts';
import { blockLabel, errorTree, type Opened, previewData, setAt } from './model.ts';

const finding = (pointer: string, message: string): Finding => ({
  ruleId: 'r',
  severity: 'error',
  message,
  file: 'pages/a.json',
  line: 1,
  column: 1,
  pointer,
});

describe('editor model', () => {
  it('puts each finding under its field, relative to the block’s props', () => {
    const tree = errorTree(
      [
        finding('/blocks/1/props/action/url', 'link "/x" points to no route'),
        finding('/blocks/1/props', 'missing title'),
        finding('/blocks/2/props/title', 'elsewhere'),
      ],
      'pages/a.json',
      '/blocks/1/props',
    );
    expect(tree).toEqual({
      __errors: ['missing title'],
      action: { url: { __errors: ['link "/x" points to no route'] } },
    });
  });

  it('labels a block by its first text prop, or its first list item’s', () => {
    expect(blockLabel({ level: 2, title: 'Meet the team' })).toBe('Meet the team');
    expect(blockLabel({ slides: [{ title: 'About Hearthline' }] })).toBe('About Hearthline');
    expect(blockLabel({ columns: 3 })).toBe('');
  });

  it('sets and removes values by pointer, copying only that path', () => {
    const doc: { blocks: { type: string; props?: { t?: number } }[] } = {
      blocks: [{ type: 'a', props: { t: 1 } }, { type: 'b' }],
    };
    const next = setAt(doc, '/blocks/0/props/t', 2) as typeof doc;
    expect(next.blocks[0]!.props?.t).toBe(2);
    expect(next.blocks[1]).toBe(doc.blocks[1]);
    expect(doc.blocks[0]!.props?.t).toBe(1);
    expect(setAt(doc, '/blocks/0/props/t', undefined)).toEqual({ blocks: [{ type: 'a', props: {} }, { type: 'b' }] });
  });

  it('builds the preview’s regions from the edited values, references resolved and defaults filled', () => {
    const opened = {
      page: 'pages/a.json',
      template: 'templates/default.json',
      pageData: { path: '/a', regions: [] },
    } as unknown as Opened;
    const docs = {
      'pages/a.json': { blocks: [{ type: 'heading', props: { title: { $data: 'data/x.json#/t' } } }] },
      'templates/default.json': {
        regions: [
          { name: 'top', blocks: [{ type: 'bar' }] },
          { name: 'main', slot: 'page' },
        ],
      },
    };
    const data = previewData(
      opened,
      docs,
      { '{"$data":"data/x.json#/t"}': { value: 'Hello' } },
      {
        heading: { properties: { level: { value: 1 } } },
      },
    );
    expect(data.regions).toEqual([
      {
        name: 'top',
        tag: 'div',
        blocks: [{ key: 'templates/default.json#/regions/0/blocks/0', type: 'bar', props: {} }],
      },
      {
        name: 'main',
        tag: 'main',
        blocks: [{ key: 'pages/a.json#/blocks/0', type: 'heading', props: { title: 'Hello', level: 1 } }],
      },
    ]);
  });
});
