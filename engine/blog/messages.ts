/** The blog's messages; their texts are fixed, word for word. */
export const BLOG_MESSAGES = {
  categoryNotFound: 'Blog Category Not Found',
  invalidBlogData: 'Invalid blog data',
  invalidAuthorData: 'Invalid author data',
  noBlogs: 'No Blogs Found',
  noBlogsInCategory: 'No blogs found in this category',
} as const;
