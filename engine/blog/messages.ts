/** The blog's messages, exactly as the spec gives them. */
export const BLOG_MESSAGES = {
  categoryNotFound: 'Blog Category Not Found',
  invalidBlogData: 'Invalid blog data',
  invalidAuthorData: 'Invalid author data',
  noBlogs: 'No Blogs Found',
  noBlogsInCategory: 'No blogs found in this category',
} as const;
