/** The blog: post shapes, search, ordering, dates, pages, URLs and messages. */
export { BLOG_MESSAGES } from './messages.ts';
export { useBlogUrls } from './use-blog-urls.ts';
export {
  asBlogCategories,
  asBlogPosts,
  formatPublishDate,
  isBlogAuthor,
  isBlogPost,
  matchesBlogSearch,
  newestFirst,
  paginate,
  type BlogAuthor,
  type BlogCategory,
  type BlogPostSummary,
} from './posts.ts';
