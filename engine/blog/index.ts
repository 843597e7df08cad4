/** The blog: post shapes, search, ordering, dates, pages, URLs and messages. */
export { BLOG_MESSAGES } from './messages.ts';
export { useBlogUrls } from './use-blog-urls.ts';
export {
  asBlogCategories,
  asBlogPosts,
  blogUrlsOf,
  BLOG_SOURCES,
  BlogRoutesError,
  type BlogUrls,
  formatPublishDate,
  isBlogAuthor,
  isBlogImage,
  isBlogPost,
  matchesBlogSearch,
  newestFirst,
  paginate,
  type BlogAuthor,
  type BlogAuthorRef,
  type BlogCategory,
  type BlogImage,
  type BlogPostSummary,
  type Paged,
} from './posts.ts';
