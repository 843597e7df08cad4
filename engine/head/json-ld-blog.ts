/**
 * Blog structured data from the site's blog data (data/blogs.json): a post's BlogPosting on
 * routes with the article flag, the Blog and its posts on routes with the blog flag (the blog's
 * home, or a category's page with that category's posts). URLs follow routes.json's collections.
 */
import { asBlogPosts, blogUrlsOf, isBlogPost, newestFirst, type BlogPostSummary } from '../blog/posts.ts';
import { fileValue, type Site } from '../content/load-site.ts';
import type { PublicSite, RouteEntry } from '../types.ts';
import type { BlogFacts, BlogPostingFacts } from './json-ld.ts';

/** data/blogs.json's fields read here (the schema has the rest). */
interface BlogsFile {
  name?: string;
  description?: string;
  posts?: unknown;
}

const BLOGS_FILE = 'data/blogs.json';

type Post = BlogPostSummary & { updatedDate?: string };

function postingFacts(site: PublicSite, post: Post): BlogPostingFacts {
  const urls = blogUrlsOf(site.collections);
  return {
    headline: post.title,
    description: post.description,
    url: urls.post(post.slug),
    ...(post.image && { image: [post.image.src] }),
    datePublished: post.publishDate,
    ...(post.updatedDate && { dateModified: post.updatedDate }),
    author: { name: post.author.name, url: urls.author(post.author.id) },
  };
}

const isCategory = (item: unknown): item is { key: string; title: string; description?: string } =>
  !!item && typeof item === 'object' && typeof (item as { key?: unknown }).key === 'string';

export interface BlogJsonLdFacts {
  blogPosting?: BlogPostingFacts;
  blog?: BlogFacts;
}

/** The blog facts of a route, as its flags ask: none when the data is not there. */
export function blogJsonLdFacts(site: Site, info: PublicSite, route: RouteEntry): BlogJsonLdFacts {
  const out: BlogJsonLdFacts = {};
  if (!route.flags.article && !route.flags.blog) return out;
  try {
    if (route.flags.article && isBlogPost(route.item)) out.blogPosting = postingFacts(info, route.item as Post);
    if (route.flags.blog) {
      const file = fileValue<BlogsFile>(site, BLOGS_FILE);
      const posts = asBlogPosts(file?.posts) ?? [];
      const category = isCategory(route.item) ? route.item : undefined;
      const name = file?.name ?? info.name;
      out.blog = {
        name: category ? `${name}: ${category.title}` : name,
        ...((category?.description ?? file?.description) && {
          description: category?.description ?? file?.description,
        }),
        url: route.path,
        posts: newestFirst(category ? posts.filter((p) => p.blogCategory === category.key) : posts).map((p) =>
          postingFacts(info, p),
        ),
      };
    }
  } catch {
    // No blog collection routes: no post URLs, so no blog structured data (json-ld-flags says so).
    return {};
  }
  return out;
}
