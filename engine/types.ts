/** Shared types of the engine: content, routes, page data, findings. */
import type { ShopRules } from './commerce/shop.ts';
import type { ComponentType } from 'react';
import type { Defaults } from './blocks/defaults.ts';

export type Device = 'mobile' | 'tablet' | 'desktop' | 'browser' | 'smartTV';
export const SIZE_DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export const PLATFORM_DEVICES = ['browser', 'smartTV'] as const;

export interface BlockInstance {
  type: string;
  id?: string;
  props?: Record<string, unknown>;
  visibleOn?: Device[];
  load?: IslandStart;
}

/** A block as it reaches the renderer: props resolved, a stable key, where it came from. */
export interface BlockNode {
  key: string;
  type: string;
  props: Record<string, unknown>;
  visibleOn?: Device[];
  load?: IslandStart;
}

export interface RegionNode {
  name: string;
  tag: 'header' | 'main' | 'footer' | 'aside' | 'div' | 'nav';
  blocks: BlockNode[];
}

export interface SchemaFlags {
  breadcrumb?: boolean;
  searchConsole?: boolean;
  tagManager?: boolean;
  faq?: boolean;
  video?: boolean;
  localBusiness?: boolean;
  organization?: boolean;
  product?: boolean;
  /** BlogPosting of the route's blog post. */
  article?: boolean;
  /** Blog with its posts (the blog's home, or a category's posts). */
  blog?: boolean;
}

export interface Breadcrumb {
  text: string;
  url: string;
}

export interface MetaPair {
  name: string;
  content: string;
}

/** One concrete route of the site (collections already expanded). */
export interface RouteEntry {
  /** URL path; may hold :params (dynamic shell) or be "*" (catch-all). */
  path: string;
  page: string;
  template?: string;
  title: string;
  description: string;
  /** Canonical path when it differs from the route's own. */
  canonical?: string;
  metaList: MetaPair[];
  breadcrumbs: Breadcrumb[];
  flags: SchemaFlags;
  dynamic: boolean;
  sitemap: boolean;
  /** routes.json `"robots": "disallow"`: robots.txt keeps crawlers off it. */
  robotsDisallow?: boolean;
  /** routes.json `"devOnly": true`: served by `joinery dev` only, left out of the build. */
  devOnly?: boolean;
  /** The data item a collection route was expanded from. */
  item?: unknown;
  /** Where the route is declared, for findings: file and JSON Pointer. */
  source: { file: string; pointer: string };
}

export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  meta: MetaPair[];
  jsonLd: Record<string, unknown>[];
  tagManager: boolean;
}

/** Public part of site.json that every page carries. */
export interface PublicSite {
  name: string;
  origin: string;
  language: string;
  currency: string;
  /** site.json's commerce rules (countries, money format, cart, phone), when the site sells. */
  commerce?: ShopRules;
  /** Path pattern of each collection route of routes.json by its source ("data/blogs.json#/posts" -> "/blogs/{slug}"). */
  collections?: Record<string, string>;
  breakpoints: { tablet: number; desktop: number };
  integrations: { tagManagerId?: string; recaptchaSiteKey?: string; schedulingWidgetUrl?: string };
  logo?: { src: string; alt: string; width?: number; height?: number };
  favicon?: string;
}

/** Everything the browser needs to render one page; embedded in its HTML and fetched on navigation. */
export interface PageData {
  path: string;
  route: string;
  status: number;
  head: HeadData;
  breadcrumbs: Breadcrumb[];
  regions: RegionNode[];
  blockTypes: string[];
  site: PublicSite;
}

/**
 * What an island has of its page in the browser (the page's islands script), and all a block
 * reads through usePageData(): path, route, status, breadcrumbs, site, and whether the route
 * loads the tag manager. A PageData is one.
 */
export interface IslandPage {
  path: string;
  route: string;
  status: number;
  breadcrumbs: Breadcrumb[];
  site: PublicSite;
  head: Pick<HeadData, 'tagManager'>;
}

export interface BlockProps<P = Record<string, unknown>> {
  props: P;
}

/**
 * When an island's code starts in the browser: at once (`load`), when the browser is idle
 * (`idle`), when the block nears the viewport (`visible`), or at the shopper's first pointer,
 * focus or key on it (`interaction`).
 */
export type IslandStart = 'load' | 'idle' | 'visible' | 'interaction';

/**
 * A block that runs in the browser says so in its definition, and nothing else does: the build,
 * the runtime and the docs read this.
 */
export interface IslandDeclaration {
  /** When it starts (a page's block instance may choose another: its `load`). */
  start: IslandStart;
  /**
   * Its browser code: `component`, the block's component hydrated with React; `client`, the
   * framework-free `blocks/<type>/client.ts` (IslandClient), which takes the prerendered
   * element over as it is, so a page whose islands are all such loads no UI library.
   */
  code: 'component' | 'client';
  /**
   * Set: the block itself stays static and wraps the parts that run in <Island>s of its own type
   * (the site header's menus, beside island blocks it embeds); else the whole block is the island.
   */
  parts?: true;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of blocks holds components of different props
export interface BlockDefinition<P = any> {
  type: string;
  component: ComponentType<P>;
  /** Short description for docs and scaffolding. */
  description?: string;
  /**
   * Absent: a static block, rendered to HTML at build time; no code of it reaches the browser.
   * Set: an island that starts alone, with only its own props, when and as this says.
   */
  island?: IslandDeclaration;
  /**
   * What it may ship, gzip kB: `js` its island's own code and what it alone pulls in, `css` its
   * styles. `joinery build` warns when the block weighs more (`npm run bench` prints the table).
   */
  budget?: { js?: number; css?: number };
  /**
   * The defaults of its props schema, given by the build on the server: a block another renders
   * (EmbeddedBlock) gets them as page blocks get theirs from the page data.
   */
  defaults?: Defaults;
}

/**
 * The browser code of a framework-free island (`blocks/<type>/client.ts`): it takes over the
 * block's prerendered element as it is (no component, no hydration), so a page whose islands
 * are all such loads no UI library.
 */
export interface IslandClient<P = Record<string, unknown>> {
  start(el: HTMLElement, props: P, page: IslandPage): void | Promise<void>;
}
/** type -> lazy loader of its framework-free island client. */
// biome-ignore lint/suspicious/noExplicitAny: each island's client takes props of its own type
export type IslandClients = Record<string, () => Promise<IslandClient<any>>>;

/** type -> lazy loader of the block module (default export: BlockDefinition). */
export type BlockLoaders = Record<string, () => Promise<{ default: BlockDefinition }>>;
/** type -> loaded definition. */
export type BlockRegistry = Record<string, BlockDefinition>;

export type Severity = 'error' | 'warning';

export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  /** Path relative to the content folder (or the project root for block files). */
  file: string;
  line: number;
  column: number;
  pointer: string;
  /** End of the reported range (exclusive column), when the rule knows it. */
  endLine?: number;
  endColumn?: number;
  /** A command that would fix it, e.g. `joinery new page promo`. */
  fix?: string;
  /** The nearest known names, best first ("did you mean"). */
  suggestions?: string[];
  /** Text edits that fix it; `joinery lint --fix` applies only the certain ones. */
  fixes?: FindingFix[];
}

/** Replace `length` characters at `offset` (0-based, in the file's text) with `content`. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

export interface FindingFix {
  /** What the fix does, for people: `Replace "faq-lst" with "faq-list"`. */
  description: string;
  /** Content-folder-relative file the edits apply to (usually the finding's own file). */
  file: string;
  edits: TextEdit[];
  /** Safe to apply without a person choosing (one suggestion within edit distance 2, a missing `$schema`). */
  certain: boolean;
}
