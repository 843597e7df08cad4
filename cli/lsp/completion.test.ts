/** Completion and hover on unsaved buffers of the shipped site (in memory: nothing is written). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { blockTypes } from '../blocks.ts';
import { BLOCKS_DIR, DEFAULT_SITE_DIR } from '../paths.ts';
import { completions } from './completion.ts';
import { hover } from './hover.ts';
import { Workspace } from './workspace.ts';

const ws = new Workspace(DEFAULT_SITE_DIR);

/** The buffer `rel` holding `text`, with the cursor where `|` is. */
function buffer(rel: string, text: string) {
  const doc = TextDocument.create(ws.uriOf(rel), 'json', 1, text.replace('|', ''));
  ws.setText(rel, doc.getText());
  return { doc, pos: doc.positionAt(text.indexOf('|')) };
}

function complete(rel: string, text: string) {
  const { doc, pos } = buffer(rel, text);
  const items = completions(ws, rel, doc, pos);
  return { items, labels: items.map((i) => i.label), apply: (label: string) => applyItem(doc, items, label) };
}

function applyItem(doc: TextDocument, items: ReturnType<typeof completions>, label: string) {
  const edit = items.find((i) => i.label === label)?.textEdit;
  if (!edit || !('range' in edit)) throw new Error(`no item ${label}`);
  return TextDocument.applyEdits(doc, [edit]);
}

describe('completion', () => {
  it('completes block types, quoted or not', () => {
    const inQuotes = complete('pages/zz-new.json', '{ "blocks": [{ "type": "faq-l|" }] }');
    expect(inQuotes.labels).toEqual(blockTypes());
    expect(inQuotes.apply('faq-list')).toBe('{ "blocks": [{ "type": "faq-list" }] }');
    expect(complete('pages/zz-new.json', '{ "blocks": [{ "type": | }] }').apply('faq-list')).toBe(
      '{ "blocks": [{ "type": "faq-list" }] }',
    );
  });

  it("completes a block's props that are not written yet", () => {
    const c = complete('pages/zz-new.json', '{ "blocks": [{ "type": "faq-list", "props": { "title": "Q", "|" } }] }');
    expect(c.labels).toEqual(['faqs']);
    expect(c.apply('faqs')).toBe('{ "blocks": [{ "type": "faq-list", "props": { "title": "Q", "faqs" } }] }');
  });

  it('completes routes in menus and in links inside texts, images in image values', () => {
    expect(complete('menus/zz-new.json', '{ "items": [{ "label": "Us", "url": "/|" }] }').labels).toContain(
      '/about-us',
    );
    const text = complete(
      'pages/zz-new.json',
      '{ "blocks": [{ "type": "heading", "props": { "intro": "See [us](/ab|) now" } }] }',
    );
    expect(text.apply('/about-us')).toContain('"See [us](/about-us) now"');
    const images = complete(
      'pages/zz-new.json',
      '{ "blocks": [{ "type": "heading", "props": { "image": { "src": "/im|" } } }] }',
    );
    const onDisk = readdirSync(join(DEFAULT_SITE_DIR, 'images')).filter((f) => f.endsWith('.svg'));
    expect(images.labels).toEqual(expect.arrayContaining(onDisk.map((f) => `/images/${f}`)));
    expect(images.labels.every((l) => l.startsWith('/images/'))).toBe(true);
  });

  it('completes the fields of the same form in dependsOn and hideWhen.field, not the field itself or groups', () => {
    const form = (at: string) =>
      `{ "fields": [ { "name": "country", "type": "select", "label": "Country" }, { "name": "box", "type": "group", "fields": [ { "name": "state", "type": "text", ${at} } ] } ] }`;
    const dep = complete('forms/zz-new.json', form('"dependsOn": "c|"'));
    expect(dep.labels).toEqual(['country']);
    expect(dep.items[0]!.detail).toBe('select: Country');
    expect(complete('forms/zz-new.json', form('"hideWhen": { "field": "|" }')).labels).toEqual(['country']);
  });

  it('completes $data references: files and their keys, then deeper after the pointer', () => {
    const top = complete(
      'pages/zz-new.json',
      '{ "blocks": [{ "type": "heading", "props": { "title": { "$data": "|" } } }] }',
    );
    expect(top.labels).toEqual(expect.arrayContaining(['site.json', 'site.json#/name', 'routes.json#/routes']));
    expect(top.labels).not.toContain('site.json#/$schema');
    const deeper = complete(
      'pages/zz-new.json',
      '{ "blocks": [{ "type": "heading", "props": { "title": { "$data": "site.json#/breakpoints/|" } } }] }',
    );
    expect(deeper.labels).toEqual(['site.json#/breakpoints/tablet', 'site.json#/breakpoints/desktop']);
  });
});

describe('hover', () => {
  const titleDoc = JSON.parse(readFileSync(join(BLOCKS_DIR, 'faq-list/schema.json'), 'utf8')).properties.title
    .description;

  it("shows a block's description and props on its type, a prop's description on its key", () => {
    const onType = buffer('pages/zz-new.json', '{ "blocks": [{ "type": "faq-l|ist", "props": { "faqs": [] } }] }');
    const typeHover = JSON.stringify(hover(ws, 'pages/zz-new.json', onType.doc, onType.pos));
    expect(typeHover).toContain('**faq-list**');
    expect(typeHover).toContain(JSON.stringify(`\`title\` (string): ${titleDoc}`).slice(1, -1));
    const onProp = buffer('pages/zz-new.json', '{ "blocks": [{ "type": "faq-list", "props": { "ti|tle": "Q" } }] }');
    expect(hover(ws, 'pages/zz-new.json', onProp.doc, onProp.pos)?.contents).toEqual({
      kind: 'markdown',
      value: `**faq-list** \`title\` (string): ${titleDoc}`,
    });
  });
});
