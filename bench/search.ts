/**
 * Search speed over a generated 1,000-style catalogue: builds the index file, loads it as the
 * browser does, runs 1,000 queries of the kinds a shopper types (SKUs, name prefixes, words,
 * typos, misses) and prints the time per query.
 * Run: node --import tsx bench/search.ts [styles] [queries]. Figures are printed, never asserted.
 */
import { availableParallelism, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { buildSearchIndex, openSearch, type SearchDoc } from '../engine/search/index.ts';
import { fmt, median, percentile } from './lib.ts';

const STYLES = Number(process.argv[2] ?? 1000);
const QUERIES = Number(process.argv[3] ?? 1000);

// Deterministic pseudo-random numbers, so every run measures the same catalogue.
let seed = 0x5eed;
const rand = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const COLOURS = [
  'Aspen White',
  'Pacific Navy',
  'Hudson Sage',
  'Midnight Dusk',
  'Weston Grey',
  'Blackstone',
  'Linen',
  'Espresso',
  'Chestnut',
  'Harbor Blue',
  'Forest Green',
  'Dove Grey',
  'Warm Greige',
  'Natural Oak',
  'Rustic Walnut',
  'Honey Maple',
  'Driftwood',
  'Terracotta',
  'Eucalyptus',
  'Pearl',
];
const DOORS = ['Shaker', 'Slim Shaker', 'Raised Panel', 'Slab', 'Craftsman', 'Cottage', 'Inset', 'Beaded'];
const LINES = [
  ['kitchen-cabinets', 'rta-kitchen-cabinets', 'RTA Kitchen Cabinets'],
  ['kitchen-cabinets', 'semi-custom-kitchen-cabinets', 'Semi-Custom Kitchen Cabinets'],
  ['bathroom-vanities', 'rta-bathroom-vanities', 'Bathroom Vanity'],
  ['range-hoods', 'wood-range-hoods', 'Wood Range Hood'],
] as const;
const SENTENCES = [
  'Each door is a solid birch frame around a stable MDF centre panel, joined with mortise-and-tenon corners.',
  'Boxes are 3/4 in. furniture-grade plywood behind a solid hardwood face frame with dovetailed drawers.',
  'The finish is a catalyzed conversion varnish over a sanded primer that wipes clean and resists yellowing.',
  'Soft-close hinges and full-extension undermount slides come standard on every cabinet.',
  'Ships flat-packed within five business days; each cabinet assembles in about fifteen minutes.',
  'Pair it with brass, black or nickel hardware and a white quartz countertop.',
];

function generate(n: number): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (let i = 0; i < n; i++) {
    const [category, subcategory, line] = pick(LINES);
    const name = `${pick(COLOURS)} ${pick(DOORS)} ${i}`;
    const code = `HL${i.toString(36).toUpperCase()}`;
    const slug = code.toLowerCase();
    const description = [pick(SENTENCES), pick(SENTENCES), pick(SENTENCES)].join(' ');
    const sku = [code, ...Array.from({ length: 1 + Math.floor(rand() * 6) }, (_, k) => `${code}-SD-${k}`)];
    docs.push({
      id: `style:${slug}`,
      url: `/products/${category}/${subcategory}/${slug}`,
      kind: 'style',
      name,
      title: `${name} ${line}`,
      description,
      sku,
    });
  }
  return docs;
}

function queries(docs: SearchDoc[], n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const d = pick(docs);
    const kind = i % 6;
    if (kind === 0)
      out.push(pick(d.sku!)); // exact SKU
    else if (kind === 1)
      out.push(d.name.slice(0, 3 + Math.floor(rand() * 6))); // typing a name
    else if (kind === 2)
      out.push(pick(COLOURS).toLowerCase()); // a colour: many hits
    else if (kind === 3)
      out.push(`${pick(COLOURS).split(' ')[0]} ${pick(DOORS).split(' ')[0]}`.toUpperCase()); // two words
    else if (kind === 4)
      out.push(pick(['plywood', 'dovetial', 'quartz countertop', 'soft-close', 'convresion varnish']));
    else out.push(pick(['zebrawood', 'xyz', 'granite island 12', 'qqq-000'])); // misses
  }
  return out;
}

const docs = generate(STYLES);
let t = performance.now();
const index = buildSearchIndex(docs);
const buildMs = performance.now() - t;
const json = JSON.stringify(index);
t = performance.now();
const search = openSearch(JSON.parse(json));
const openMs = performance.now() - t;

const qs = queries(docs, QUERIES);
for (const q of qs.slice(0, 200)) search(q, 8); // warm up the JIT
// Wall time per query, and CPU time (not inflated when the machine is busy and the process waits).
const times: number[] = [];
const cpu: number[] = [];
let hits = 0;
for (const q of qs) {
  const c = process.cpuUsage();
  const s = performance.now();
  hits += search(q, 8).length;
  times.push(performance.now() - s);
  const d = process.cpuUsage(c);
  cpu.push((d.user + d.system) / 1000);
}
const all: number[] = [];
for (const q of qs.slice(0, 200)) {
  const s = performance.now();
  search(q, Infinity);
  all.push(performance.now() - s);
}

const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);
console.log('\n# Search');
line(`search index, ${fmt(STYLES)} styles: build`, `${fmt(buildMs, 1)} ms`);
line('search index size (JSON, gzip)', `${fmt(json.length / 1024)} KiB, ${fmt(gzipSync(json).length / 1024)} KiB gzip`);
line('search index JSON.parse and loading (as in the browser)', `${fmt(openMs, 1)} ms`);
line(
  `search query, ${fmt(QUERIES)} queries, 8 hits: median / p99`,
  `${fmt(median(times), 3)} ms / ${fmt(percentile(times, 99), 3)} ms (max ${fmt(Math.max(...times), 3)} ms)`,
);
line('search query, CPU time per query: median / p99', `${fmt(median(cpu), 3)} ms / ${fmt(percentile(cpu, 99), 3)} ms`);
line(
  'search query, all hits (See all Result): median / p99',
  `${fmt(median(all), 3)} ms / ${fmt(percentile(all, 99), 3)} ms`,
);
line('average hits per suggestion query', fmt(hits / QUERIES, 1));
line('one frame at 60 Hz', `16.7 ms (load average now ${fmt(loadavg()[0]!, 1)} on ${availableParallelism()} CPUs)`);
