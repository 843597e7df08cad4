/**
 * The shop's blog and review data hold together: every post names an existing category and
 * author (with the author's own name, which the blog search matches), every local image exists,
 * and the reviews are well-formed for the review blocks, the API and product structured data.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingsOf, isBlogPost, isReview, type RichNode } from '../../engine/index.ts';

const SITE = resolve(import.meta.dirname, '../../site-config');
const read = (rel: string) => JSON.parse(readFileSync(join(SITE, rel), 'utf8'));
const blogs = read('data/blogs.json') as {
  categories: { key: string }[];
  authors: { id: string; name: string; logo?: { src: string } }[];
  posts: {
    slug: string;
    blogCategory: string;
    author: { id: string; name: string; logo?: { src: string } };
    image: { src: string };
    content: RichNode[];
  }[];
};
const reviews = (read('data/reviews.json') as { reviews: { profilePicture?: string; styles?: string[] }[] }).reviews;
const styles = new Set(
  (read('catalogs/product-styles.json') as { styles: { slug: string }[] }).styles.map((s) => s.slug),
);
const imageExists = (src: string) => existsSync(join(SITE, src.replace(/^\//, '')));

describe('blog data', () => {
  it('has the five posts of the metadata table, each a valid post', () => {
    expect(blogs.posts.map((p) => p.slug).sort()).toEqual(
      [
        'gray-sofa-combination-with-flower',
        'top-10-bathroom-designs',
        'top-10-kitchens-designs',
        'top-10-kitchens-designs-4',
        'top-essential-dress-trends-in-2020',
      ].sort(),
    );
    for (const p of blogs.posts) expect(isBlogPost(p), p.slug).toBe(true);
  });

  it('names existing categories and authors, with their names', () => {
    const keys = new Set(blogs.categories.map((c) => c.key));
    const authors = new Map(blogs.authors.map((a) => [a.id, a]));
    for (const p of blogs.posts) {
      expect(keys.has(p.blogCategory), `${p.slug}: category ${p.blogCategory}`).toBe(true);
      expect(authors.get(p.author.id)?.name, `${p.slug}: author ${p.author.id}`).toBe(p.author.name);
    }
    // Every category and author has at least one post (their pages list them).
    for (const k of keys)
      expect(
        blogs.posts.some((p) => p.blogCategory === k),
        k,
      ).toBe(true);
    for (const id of authors.keys())
      expect(
        blogs.posts.some((p) => p.author.id === id),
        id,
      ).toBe(true);
  });

  it('has several paragraphs and a table of contents per post, and every image is shipped', () => {
    for (const p of blogs.posts) {
      expect(p.content.filter((n) => n.type === 'p').length, p.slug).toBeGreaterThanOrEqual(4);
      expect(headingsOf(p.content).length, p.slug).toBeGreaterThanOrEqual(3);
      const srcs = [
        p.image.src,
        p.author.logo?.src,
        ...p.content.flatMap((n) => (n.type === 'img' ? [n.src] : [])),
      ].filter((s): s is string => !!s);
      for (const src of srcs) expect(imageExists(src), src).toBe(true);
    }
    for (const a of blogs.authors) if (a.logo) expect(imageExists(a.logo.src), a.logo.src).toBe(true);
  });
});

describe('review data', () => {
  it('has about two dozen well-formed reviews, some longer than 150 characters', () => {
    expect(reviews.length).toBeGreaterThanOrEqual(20);
    for (const r of reviews) expect(isReview(r), JSON.stringify(r)).toBe(true);
    expect(reviews.filter((r) => (r as { reviewText: string }).reviewText.length > 150).length).toBeGreaterThan(3);
  });

  it('points at shipped pictures and existing product styles', () => {
    for (const r of reviews) {
      if (r.profilePicture) expect(imageExists(r.profilePicture), r.profilePicture).toBe(true);
      for (const s of r.styles ?? []) expect(styles.has(s), s).toBe(true);
    }
  });
});
