import { describe, expect, it } from 'vitest';
import { loadSite } from '../content/load-site.ts';
import { publicSite } from '../page-data/build-page-data.ts';
import { blogUrlsOf, BlogRoutesError } from './posts.ts';

describe("the blog's URLs come from routes.json's collections", () => {
  it("another shop's patterns", () => {
    const urls = blogUrlsOf({
      'data/blogs.json#/posts': '/journal/{slug}',
      'data/blogs.json#/authors': '/journal/by/{id}',
      'data/blogs.json#/categories': '/journal/topics/{key}',
    });
    expect([urls.index, urls.post('oak-care'), urls.author('ana'), urls.category('care')]).toEqual([
      '/journal',
      '/journal/oak-care',
      '/journal/by/ana',
      '/journal/topics/care',
    ]);
  });

  it('the shipped shop, as its pages carry them', () => {
    const urls = blogUrlsOf(publicSite(loadSite(new URL('../../site-config', import.meta.url).pathname)).collections);
    expect([urls.index, urls.post('a'), urls.author('b'), urls.category('c')]).toEqual([
      '/blogs',
      '/blogs/a',
      '/blogs/authors/b',
      '/blogs/category/c',
    ]);
  });

  it('a site without a blog collection says so when a link is asked for', () => {
    expect(() => blogUrlsOf({}).post('a')).toThrow(BlogRoutesError);
  });
});
