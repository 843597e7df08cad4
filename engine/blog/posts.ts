/**
 * Blog posts as the blog blocks receive them (resolved from the site's blog data at build
 * time): shape checks, the search (a post matches when its title, description or
 * author name contains the text, case-insensitive), ordering, dates, pages and URLs. Props are checked at runtime too, so a
 * malformed entry shows "Invalid blog data" instead of breaking the page.
 */
import { fillText } from '../text/fill.ts';
import type { RichNode } from '../text/index.ts';

export interface BlogImage {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}
export interface BlogAuthorRef {
  id: string;
  name: string;
  logo?: BlogImage;
}
export interface BlogAuthor extends BlogAuthorRef {
  role?: string;
  bio?: RichNode[];
}
export interface BlogCategory {
  key: string;
  title: string;
  description?: string;
}
/** What lists need of a post (the body is not needed and may be absent). */
export interface BlogPostSummary {
  slug: string;
  title: string;
  description: string;
  blogCategory: string;
  author: BlogAuthorRef;
  /** YYYY-MM-DD */
  publishDate: string;
  isPopular?: boolean;
  image?: BlogImage;
}

/** The data the blog's collection routes expand from (their `source` in routes.json). */
const BLOG_SOURCES = {
  post: 'data/blogs.json#/posts',
  author: 'data/blogs.json#/authors',
  category: 'data/blogs.json#/categories',
} as const;

export interface BlogUrls {
  /** The blog's home: the posts' pattern up to its first placeholder ("/blogs/{slug}" -> "/blogs"). */
  index: string;
  post(slug: string): string;
  author(id: string): string;
  category(key: string): string;
}

export class BlogRoutesError extends Error {}

/**
 * Where the blog's pages live, from the path patterns of routes.json's collection routes
 * (source -> pattern: PublicSite.collections). A missing collection throws when its URL is asked for.
 */
export function blogUrlsOf(collections: Readonly<Record<string, string>> = {}): BlogUrls {
  const pattern = (kind: keyof typeof BLOG_SOURCES): string => {
    const p = collections[BLOG_SOURCES[kind]];
    if (!p) throw new BlogRoutesError(`routes.json has no collection route expanded from ${BLOG_SOURCES[kind]}`);
    return p;
  };
  return {
    get index() {
      const p = pattern('post');
      return p.slice(0, Math.max(p.indexOf('/{'), 0)) || '/';
    },
    post: (slug) => fillText(pattern('post'), { slug }),
    author: (id) => fillText(pattern('author'), { id }),
    category: (key) => fillText(pattern('category'), { key }),
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isBlogImage = (v: unknown): v is BlogImage => isObj(v) && isText(v.src) && typeof v.alt === 'string';

export function isBlogAuthor(v: unknown): v is BlogAuthor {
  return (
    isObj(v) &&
    isText(v.id) &&
    isText(v.name) &&
    (v.logo === undefined || isBlogImage(v.logo)) &&
    (v.role === undefined || typeof v.role === 'string')
  );
}

export function isBlogPost(v: unknown): v is BlogPostSummary {
  return (
    isObj(v) &&
    isText(v.slug) &&
    isText(v.title) &&
    typeof v.description === 'string' &&
    isText(v.blogCategory) &&
    isBlogAuthor(v.author) &&
    typeof v.publishDate === 'string' &&
    DATE.test(v.publishDate) &&
    (v.image === undefined || isBlogImage(v.image))
  );
}

/** The posts, or null when the value is not a list of valid posts. */
export const asBlogPosts = (v: unknown): BlogPostSummary[] | null =>
  Array.isArray(v) && v.every(isBlogPost) ? v : null;

export const asBlogCategories = (v: unknown): BlogCategory[] | null =>
  Array.isArray(v) && v.every((c) => isObj(c) && isText(c.key) && isText(c.title)) ? (v as BlogCategory[]) : null;

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Whether a post matches a search: every word of the query appears (case- and
 * accent-insensitive) in its title, description or author name. An empty query matches all.
 */
export function matchesBlogSearch(post: BlogPostSummary, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = fold(`${post.title}\n${post.description}\n${post.author.name}`);
  return words.every((w) => haystack.includes(w));
}

/** Newest first; equal dates keep their order. */
export const newestFirst = <T extends { publishDate: string }>(posts: readonly T[]): T[] =>
  [...posts].sort((a, b) => (a.publishDate < b.publishDate ? 1 : a.publishDate > b.publishDate ? -1 : 0));

/** "2024-02-12" -> "February 12, 2024": the same text on the server and in any browser time zone. */
// One formatter per locale: making one costs far more than formatting (a list of posts made one per date).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
// en-US spelled out: the first Intl.DateTimeFormat of a page loads the locale's data, a long task
// on a phone in the middle of hydration (the text equals Intl's: blog.test.ts).
const EN_US_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function formatPublishDate(iso: string, locale = 'en-US'): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  if (locale === 'en-US') return `${EN_US_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  let f = dateFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    dateFormats.set(locale, f);
  }
  return f.format(d);
}

export interface Paged<T> {
  items: T[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
}

/** One page of a list; a page number that is not a positive whole number means page 1. */
export function paginate<T>(items: readonly T[], page: unknown, size: number): Paged<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const n = typeof page === 'string' ? Number(page) : typeof page === 'number' ? page : 1;
  const current = Number.isInteger(n) && n >= 1 ? Math.min(n, pageCount) : 1;
  return { items: items.slice((current - 1) * size, current * size), page: current, pageCount };
}
