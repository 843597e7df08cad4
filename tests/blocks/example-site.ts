/**
 * The block examples as a site: a copy of the shop's content with one page per block example
 * (blocks/<type>/example.json and blocks/<type>/examples/*.json) at /__blocks/<type>/<name>, on a
 * template that holds the page's blocks alone. Built with the bundles of dist/ (no Vite run), so
 * each example is the block exactly as the shop ships it: its CSS, its island and its hydration.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockExamples, blockTypes, type BlockExample } from '../../cli/blocks.ts';

/**
 * What an example's page needs so that its block shows as a shopper sees it, in
 * `<example>.visit.json` beside the example (a thank-you page needs the order number the
 * checkout stored; a payment's return page, the address the provider sends the shopper to).
 */
export interface Visit {
  /** The page's path, for a block that reads it; else /__blocks/<type>/<name>. */
  path?: string;
  /** The query the page is opened with ("payment_intent=pi_1&..."). */
  query?: string;
  /** The browser's localStorage entries before the page loads. */
  localStorage?: Record<string, string>;
  /** Requests to this path get no answer while the example is checked: the page as it is while it waits. */
  hold?: string;
}

export function exampleVisit(e: BlockExample): Visit {
  const file = e.file.replace(/\.json$/, '.visit.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Visit) : {};
}

export const examplePath = (e: BlockExample) => exampleVisit(e).path ?? `/__blocks/${e.type}/${e.name}`;

export const allExamples = (): BlockExample[] => blockTypes().flatMap((t) => blockExamples(t));

/** Writes the site into `dir` from `siteDir`; returns the examples it holds. */
export function writeExampleSite(siteDir: string, dir: string): BlockExample[] {
  cpSync(siteDir, dir, { recursive: true });
  const examples = allExamples();
  mkdirSync(join(dir, 'templates'), { recursive: true });
  writeFileSync(
    join(dir, 'templates', 'block-example.json'),
    JSON.stringify({ regions: [{ name: 'main', tag: 'main', slot: 'page' }] }),
  );
  const routesFile = join(dir, 'routes.json');
  const routes = JSON.parse(readFileSync(routesFile, 'utf8')) as { routes: object[] };
  for (const e of examples) {
    const page = `block-example--${e.type}--${e.name}`;
    writeFileSync(join(dir, 'pages', `${page}.json`), JSON.stringify({ blocks: [e.block] }));
    routes.routes.push({
      path: examplePath(e),
      page,
      template: 'block-example',
      title: `${e.type} (${e.name}) | Block example`,
      description: `The ${e.type} block rendered from its ${e.name} file.`,
      robots: 'disallow',
    });
  }
  writeFileSync(routesFile, JSON.stringify(routes, null, 2));
  allowScriptHosts(join(dir, 'site.json'), examples);
  return examples;
}

/** The origins of the examples' third-party scripts (an embed's `src`), allowed by the site's CSP. */
function allowScriptHosts(siteFile: string, examples: BlockExample[]) {
  const origins = new Set<string>();
  const walk = (v: unknown, key = ''): void => {
    if (typeof v === 'string' && key === 'src' && /^https:\/\//.test(v)) origins.add(new URL(v).origin);
    else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  for (const e of examples) walk(e.block.props);
  const site = JSON.parse(readFileSync(siteFile, 'utf8'));
  site.integrations ??= {};
  site.integrations.hosts ??= {};
  site.integrations.hosts.blockExamples = { script: [...origins].sort() };
  writeFileSync(siteFile, JSON.stringify(site, null, 2));
}
