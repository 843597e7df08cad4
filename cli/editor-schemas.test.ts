/**
 * The shipped schemas as an editor sees them: vscode-json-languageservice (VS Code's JSON
 * support) loads them from disk through the pages' `$schema`, with nothing else configured.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse as parseJsonc } from 'jsonc-parser';
import jsonls from 'vscode-json-languageservice';
import { describe, expect, it } from 'vitest';
import { blockTypes } from './blocks.ts';
import { editorBlocksSchemaPath, editorBlocksSchemaText } from './editor-schemas.ts';
import { getValidator } from './lint/context.ts';
import { BLOCKS_DIR, DEFAULT_SITE_DIR, ROOT } from './paths.ts';

// The package is CommonJS: its names arrive on the default export under ESM.
const { getLanguageService, TextDocument } = jsonls;

const service = getLanguageService({
  schemaRequestService: async (uri) => readFileSync(fileURLToPath(uri), 'utf8'),
  workspaceContext: { resolveRelativePath: (rel, base) => new URL(rel, base).href },
});

const FAQS = join(DEFAULT_SITE_DIR, 'pages', 'faqs.json');
const faqsText = readFileSync(FAQS, 'utf8');

function open(file: string, text = readFileSync(file, 'utf8')) {
  const doc = TextDocument.create(pathToFileURL(file).href, 'json', 1, text);
  return { doc, json: service.parseJSONDocument(doc), text };
}

async function diagnostics(file: string, text?: string) {
  const { doc, json } = open(file, text);
  const found = await service.doValidation(doc, json, { schemaValidation: 'error' });
  return found.map((d) => ({ line: d.range.start.line + 1, column: d.range.start.character + 1, message: d.message }));
}

/** Completion labels with the cursor just after the first `marker` in the text. */
async function complete(text: string, marker: string) {
  const { doc, json } = open(FAQS, text);
  const list = await service.doComplete(doc, doc.positionAt(text.indexOf(marker) + marker.length), json);
  return (list?.items ?? []).map((i) => i.label);
}

/** 1-based line and column of the first `needle` at or after `from`. */
function locate(text: string, needle: string, from = 0) {
  const before = text.slice(0, text.indexOf(needle, from));
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

describe('schemas/blocks.schema.json', () => {
  it('is what `joinery types` generates from the registered blocks (run it when this fails)', () => {
    expect(readFileSync(editorBlocksSchemaPath(), 'utf8')).toBe(editorBlocksSchemaText());
  });
});

describe('the page schema in the engine', () => {
  it('leaves block types and props to the linter (unknown-block, and props checked once references resolve)', () => {
    const page = { blocks: [{ type: 'faq-lst', props: { invented: 1, faqs: { $data: 'data/faqs.json' } } }] };
    expect(getValidator().validate('page.schema.json', page)).toEqual([]);
    expect(getValidator().validate('page.schema.json', { blocks: [{ type: 'heading', extra: 1 }] })).toEqual([
      {
        pointer: '/blocks/0/extra',
        message: '"/blocks/0" has unknown property "extra"',
        atKey: true,
        allowed: ['type', 'id', 'props', 'visibleOn', 'load'],
      },
    ]);
    expect(getValidator().hasSchema('blocks.schema.json')).toBe(false);
  });
});

describe('the page schema in an editor (vscode-json-languageservice)', () => {
  it("completes a block's type with the registered blocks", async () => {
    const labels = await complete(faqsText, '"type": "');
    expect(labels.map((l) => JSON.parse(l)).sort()).toEqual(blockTypes());
  });

  it("completes inside a block's props with that block's props", async () => {
    // The heading block has title and intro; its other props are offered.
    expect((await complete(faqsText, '"props": {')).sort()).toEqual(['align', 'eyebrow', 'level']);
    const faqList = faqsText.indexOf('"type": "faq-list"');
    const atFaqProps = `${faqsText.slice(0, faqList)}"type": "faq-list",\n      "props": {`;
    expect(await complete(faqsText, atFaqProps)).toEqual([]); // title and faqs are both there
    const text = faqsText.replace('"title": "Cabinets and finishes",', '');
    expect(await complete(text, atFaqProps)).toEqual(['title']);
  });

  it('flags an unknown type, an invented prop and a value outside an enum where they are', async () => {
    const text = faqsText
      .replace(
        '"title": "Frequently asked questions",',
        '"title": "Frequently asked questions", "level": "one", "subtitle": "x",',
      )
      .replace('"type": "faq-list"', '"type": "faq-lst"');
    expect(await diagnostics(FAQS, text)).toEqual([
      { ...locate(text, '"one"'), message: 'Value is not accepted. Valid values: 1, 2, 3.' },
      { ...locate(text, '"subtitle"'), message: 'Property subtitle is not allowed.' },
      {
        ...locate(text, '"faq-lst"'),
        message: expect.stringContaining('Value is not accepted. Valid values: "advice-chat"'),
      },
    ]);
  });

  it("shows a prop's description from the block's schema.json on hover", async () => {
    const { doc, json } = open(FAQS);
    const key = faqsText.indexOf('"title": "Cabinets and finishes"') + 2;
    const hover = await service.doHover(doc, doc.positionAt(key), json);
    const faqList = JSON.parse(readFileSync(join(BLOCKS_DIR, 'faq-list', 'schema.json'), 'utf8'));
    const { description } = faqList.properties.title;
    // Hover text is markdown: punctuation comes escaped.
    const shown = ((hover?.contents ?? []) as string[]).map((c) => c.replace(/\\(.)/g, '$1'));
    expect(shown).toEqual([description]);
  });

  it('finds nothing wrong in the shop’s pages and templates, `$data` and `$query` values included', async () => {
    const files = ['pages', 'templates'].flatMap((dir) =>
      readdirSync(join(DEFAULT_SITE_DIR, dir)).map((f) => join(DEFAULT_SITE_DIR, dir, f)),
    );
    const found = await Promise.all(files.map(async (f) => [f, await diagnostics(f)] as const));
    expect(found.filter(([, d]) => d.length)).toEqual([]);
    for (const kind of ['"$data"', '"$query"'])
      expect(files.filter((f) => readFileSync(f, 'utf8').includes(kind)).length).toBeGreaterThan(1);
  });
});

describe('.vscode/settings.json', () => {
  it('maps every content file of the shop to the schema its "$schema" names, for a file without one', () => {
    const settings = parseJsonc(readFileSync(join(ROOT, '.vscode', 'settings.json'), 'utf8'));
    const workspace = pathToFileURL(`${ROOT}/`).href;
    const editor = getLanguageService({
      workspaceContext: { resolveRelativePath: (rel, base) => new URL(rel, base).href },
    });
    editor.configure({
      schemas: settings['json.schemas'].map((s: { fileMatch: string[]; url: string }) => ({
        fileMatch: s.fileMatch,
        uri: new URL(s.url, workspace).href,
      })),
    });
    const files = readdirSync(DEFAULT_SITE_DIR, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(DEFAULT_SITE_DIR, f));
    expect(files.length).toBeGreaterThan(60);
    const mapped = files.map((file) => {
      const { $schema, ...rest } = JSON.parse(readFileSync(file, 'utf8'));
      const doc = TextDocument.create(pathToFileURL(file).href, 'json', 1, JSON.stringify(rest));
      const own = new URL($schema, pathToFileURL(file)).href;
      return { file, schemas: editor.getLanguageStatus(doc, editor.parseJSONDocument(doc)).schemas, own };
    });
    expect(mapped.filter((m) => m.schemas.length !== 1 || m.schemas[0] !== m.own)).toEqual([]);
  });
});
