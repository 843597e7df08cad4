/** `joinery new`: each scaffold, written into a temporary copy, passes lint as it is. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compile } from 'json-schema-to-typescript';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../exit-codes.ts';
import { lintSite } from '../lint/run.ts';
import { ROOT } from '../paths.ts';
import { blockTypeSource } from '../types-gen.ts';
import { scaffoldBlock, scaffoldForm, scaffoldPage } from './index.ts';

const temps: string[] = [];
function tempCopy(fixture: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'joinery-new-'));
  temps.push(dir);
  cpSync(join(ROOT, 'tests', 'fixtures', fixture), dir, { recursive: true });
  return dir;
}
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('new page', () => {
  it('writes the page and its route before the catch-all, keeping routes.json formatting, and lints clean', () => {
    const site = tempCopy('valid');
    const before = readFileSync(join(site, 'routes.json'), 'utf8');
    const result = scaffoldPage(site, 'spring-sale');
    expect(result).toEqual({
      created: [join(site, 'pages', 'spring-sale.json')],
      updated: [join(site, 'routes.json')],
    });
    const page = JSON.parse(readFileSync(join(site, 'pages', 'spring-sale.json'), 'utf8'));
    expect(page).toMatchObject({ template: 'default', blocks: [{ type: 'heading', props: { title: 'Spring Sale' } }] });
    expect(page.$schema).toMatch(/schemas\/page\.schema\.json$/);

    const after = readFileSync(join(site, 'routes.json'), 'utf8');
    const routes = JSON.parse(after).routes;
    expect(routes.map((r: { path: string }) => r.path)).toEqual(['/', '/about', '/spring-sale', '*']);
    expect(routes[2]).toEqual({
      path: '/spring-sale',
      page: 'spring-sale',
      title: 'Spring Sale | Fixture Shop',
      description: 'Spring Sale at Fixture Shop.',
      breadcrumbs: [
        { text: 'Home', url: '/' },
        { text: 'Spring Sale', url: '/spring-sale' },
      ],
    });
    // Everything before the insertion is byte for byte as it was; breadcrumbs one per line.
    expect(after.startsWith(before.slice(0, before.indexOf('    {\n      "path": "*"')))).toBe(true);
    expect(after).toContain('        { "text": "Spring Sale", "url": "/spring-sale" }\n');
    expect(lintSite(site).findings).toEqual([]);
  });

  it('fixes a missing page file without adding a second route', () => {
    const site = tempCopy('missing-file-page');
    const routes = readFileSync(join(site, 'routes.json'), 'utf8');
    expect(lintSite(site, { fastOnly: true }).errors).toBe(1);
    expect(scaffoldPage(site, 'about').updated).toEqual([]);
    expect(readFileSync(join(site, 'routes.json'), 'utf8')).toBe(routes);
    expect(lintSite(site).findings).toEqual([]);
  });

  it('refuses names that are not kebab-case, existing files and taken paths', () => {
    const site = tempCopy('valid');
    expect(() => scaffoldPage(site, 'Spring_Sale')).toThrow(/page name "Spring_Sale" must be kebab-case/);
    expect(() => scaffoldPage(site, 'about')).toThrow(UsageError);
    expect(() => scaffoldPage(site, 'about')).toThrow(/pages\/about\.json already exists; not overwriting/);
    writeFileSync(join(site, 'routes.json'), JSON.stringify({ routes: [{ path: '/taken', page: 'home' }] }));
    expect(() => scaffoldPage(site, 'taken')).toThrow(
      'route "/taken" already exists for page "home"; pick another name',
    );
    expect(existsSync(join(site, 'pages', 'taken.json'))).toBe(false);
  });
});

describe('new form', () => {
  it('writes a form valid against form.schema.json that lints clean', () => {
    const site = tempCopy('valid');
    expect(scaffoldForm(site, 'contact-us').created).toEqual([join(site, 'forms', 'contact-us.json')]);
    const form = JSON.parse(readFileSync(join(site, 'forms', 'contact-us.json'), 'utf8'));
    expect(form.name).toBe('contact-us');
    expect(form.fields.map((f: { name: string }) => f.name)).toEqual(['name', 'email', 'message']);
    expect(form.messages.success).toBeTruthy();
    expect(lintSite(site).findings).toEqual([]);
    expect(() => scaffoldForm(site, 'contact-us')).toThrow(/already exists/);
  });
});

describe('new block', () => {
  const blocksDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'joinery-blocks-'));
    temps.push(dir);
    writeFileSync(join(dir, 'index.ts'), readFileSync(join(ROOT, 'blocks', 'index.ts'), 'utf8'));
    return dir;
  };

  it('writes the block folder like blocks/heading and registers it in sorted position', async () => {
    const dir = blocksDir();
    const result = scaffoldBlock(dir, 'price-list');
    expect(result.created.map((p) => p.slice(dir.length + 1)).sort()).toEqual(
      [
        'example.json',
        'index.tsx',
        'migrations/README.md',
        'price-list.module.css',
        'price-list.test.tsx',
        'schema.json',
      ].map((f) => `price-list/${f}`),
    );
    const index = readFileSync(join(dir, 'index.ts'), 'utf8');
    const keys = [...index.matchAll(/^\s+'?([a-z0-9-]+)'?: \(\) => import\('\.\/([a-z0-9-]+)\/index\.tsx'\),$/gm)].map(
      (m) => m[1],
    );
    expect(keys).toContain('price-list');
    expect(keys).toEqual([...keys].sort());
    expect(index).toContain("  'price-list': () => import('./price-list/index.tsx'),\n");

    const schema = JSON.parse(readFileSync(join(dir, 'price-list', 'schema.json'), 'utf8'));
    const example = JSON.parse(readFileSync(join(dir, 'price-list', 'example.json'), 'utf8'));
    expect(example.type).toBe('price-list');
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(example.props)).toBe(true);
    // The generated props type has the name index.tsx imports.
    const types = await compile(schema, schema.title, { bannerComment: '' });
    expect(types).toContain('export interface PriceListProps {');
    const source = readFileSync(join(dir, 'price-list', 'index.tsx'), 'utf8');
    expect(source).toContain("import { defineBlock, sectionStyles } from '../../engine/index.ts';");
    expect(source).toContain("import type { PriceListProps } from '../../schemas/types/blocks/price-list.ts';");
    expect(source).toContain(
      "export default defineBlock({\n  type: 'price-list',\n  component: PriceList,\n  description:",
    );
    expect(source).not.toMatch(/^\s+island:/m);
    // A defaulted prop is required in the props type: the page data fills it in.
    expect(schema.properties.headingLevel.default).toBe(2);
    expect(source).toContain('function PriceList({ title, text, headingLevel }: PriceListProps)');
  });

  it('declares an island as asked: its start, and its code (a client.ts to fill in for a framework-free one)', () => {
    const dir = blocksDir();
    scaffoldBlock(dir, 'price-list', { start: 'visible', code: 'component' });
    expect(readFileSync(join(dir, 'price-list', 'index.tsx'), 'utf8')).toContain(
      "  component: PriceList,\n  island: { start: 'visible', code: 'component' },\n",
    );
    expect(existsSync(join(dir, 'price-list', 'client.ts'))).toBe(false);

    const other = blocksDir();
    const result = scaffoldBlock(other, 'price-list', { start: 'interaction', code: 'client' });
    expect(result.created.map((p) => p.slice(other.length + 1))).toContain('price-list/client.ts');
    expect(readFileSync(join(other, 'price-list', 'index.tsx'), 'utf8')).toContain(
      "  island: { start: 'interaction', code: 'client' },\n",
    );
    expect(readFileSync(join(other, 'price-list', 'client.ts'), 'utf8')).toContain(
      "export const start: IslandClient<PriceListProps>['start'] = (el, props) => {",
    );
    // A start the runtime does not know is refused, writing nothing.
    const third = blocksDir();
    expect(() => scaffoldBlock(third, 'price-list', { start: 'soon' as 'load', code: 'component' })).toThrow(
      'an island starts at load | idle | visible | interaction, not "soon"',
    );
    expect(existsSync(join(third, 'price-list'))).toBe(false);
  });

  it('gives every prop of the scaffolded schema a description', () => {
    const dir = blocksDir();
    scaffoldBlock(dir, 'price-list');
    const schema = JSON.parse(readFileSync(join(dir, 'price-list', 'schema.json'), 'utf8'));
    for (const [prop, def] of Object.entries(schema.properties as Record<string, { description?: string }>))
      expect(def.description, prop).toMatch(/\w/);
  });

  it('writes a test and a client.ts that type-check after lists with length limits and enums are added', async () => {
    // A project of its own: the new block, its generated type, the engine and shared types linked.
    const project = mkdtempSync(join(tmpdir(), 'joinery-block-tsc-'));
    temps.push(project);
    mkdirSync(join(project, 'blocks'));
    mkdirSync(join(project, 'schemas', 'types', 'blocks'), { recursive: true });
    writeFileSync(join(project, 'blocks', 'index.ts'), readFileSync(join(ROOT, 'blocks', 'index.ts'), 'utf8'));
    for (const link of ['engine', 'node_modules']) symlinkSync(join(ROOT, link), join(project, link));
    for (const f of readdirSync(join(ROOT, 'schemas', 'types')).filter((f) => f.endsWith('.ts')))
      symlinkSync(join(ROOT, 'schemas', 'types', f), join(project, 'schemas', 'types', f));
    const folder = join(project, 'blocks', 'price-list');
    scaffoldBlock(join(project, 'blocks'), 'price-list', { start: 'idle', code: 'client' });

    const schemaFile = join(folder, 'schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
    schema.properties.rows = {
      description: 'Prices, one per row.',
      type: 'array',
      minItems: 1,
      maxItems: 4,
      items: {
        type: 'object',
        required: ['label'],
        properties: {
          label: { description: 'What the price is for.', type: 'string' },
          size: { description: 'How wide the row is.', enum: ['narrow', 'wide'] },
        },
      },
    };
    schema.required.push('rows');
    writeFileSync(schemaFile, JSON.stringify(schema, null, 2));
    const exampleFile = join(folder, 'example.json');
    const example = JSON.parse(readFileSync(exampleFile, 'utf8'));
    example.props.rows = [{ label: 'Base cabinet', size: 'wide' }, { label: 'Wall cabinet' }];
    writeFileSync(exampleFile, JSON.stringify(example, null, 2));

    const types = await blockTypeSource('price-list', schemaFile);
    // One named type per item, a plain array (no tuple per allowed length).
    expect(types).toContain('rows: PriceListRow[];');
    expect(types).toContain('export interface PriceListRow {');
    writeFileSync(join(project, 'schemas', 'types', 'blocks', 'price-list.ts'), types);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), include: ['blocks/price-list'] }),
    );
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], {
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 120_000);

  it('refuses an existing block and a bad name, writing nothing', () => {
    const dir = blocksDir();
    const index = readFileSync(join(dir, 'index.ts'), 'utf8');
    expect(() => scaffoldBlock(dir, 'heading')).toThrow('block "heading" is already registered');
    expect(() => scaffoldBlock(dir, 'PriceList')).toThrow(/must be kebab-case/);
    expect(readFileSync(join(dir, 'index.ts'), 'utf8')).toBe(index);
    expect(existsSync(join(dir, 'heading'))).toBe(false);
  });
});
