import { z } from 'zod';
import { UiLanguageSchema } from './common.ts';

// The blog (spec: overview §2 blog list/post, §7 published_blog_posts, blog_posts) and the admin
// editor for it (issue 9).

export const BLOG_SORTS = ['newest', 'oldest', 'popular', 'reading_time'] as const;
export const BlogSortSchema = z.enum(BLOG_SORTS);
export type BlogSort = z.infer<typeof BlogSortSchema>;
export const BLOG_RELATED_LIMIT = 3;
/** Posts per list or search answer; the next ones come with `cursor` (keyset paging). */
export const BLOG_PAGE_SIZE = 20;

/** The list's paging cursor is opaque to clients: URL-safe base64, as `next_cursor` gave it. */
export const BLOG_CURSOR_MAX_LENGTH = 200;

/** The blog API's messages (the web app shows its translations of them). */
export const BLOG_MESSAGES = {
  slugRequired: 'Slug is required',
  slugFormat: 'Use lower-case letters, digits and dashes',
  categoryRequired: 'Category is required',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  slugTaken: 'A post with this slug already exists in this language',
  postNotFound: 'Post not found',
  /** A list `cursor` that no page gave (malformed, or for another sort order). */
  invalidCursor: 'Invalid page cursor',
} as const;

export const BlogListQuerySchema = z.object({
  language: UiLanguageSchema.default('en'),
  category: z.string().trim().max(60).optional(),
  sort: BlogSortSchema.default('newest'),
  q: z.string().trim().max(200).optional(),
  /** `next_cursor` of the previous page, with the same language, category, sort and q. */
  cursor: z
    .string()
    .max(BLOG_CURSOR_MAX_LENGTH, BLOG_MESSAGES.invalidCursor)
    .regex(/^[A-Za-z0-9_-]+$/, BLOG_MESSAGES.invalidCursor)
    .optional(),
});
export type BlogListQuery = z.infer<typeof BlogListQuerySchema>;

export const BlogPostSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  language: UiLanguageSchema,
  category: z.string(),
  title: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  featured: z.boolean(),
  featured_image_url: z.string().nullable(),
  featured_image_alt: z.string().nullable(),
  reading_time: z.number().int(),
  view_count: z.number().int(),
  author_name: z.string(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const BlogPostSchema = BlogPostSummarySchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogListResponseSchema = z.object({
  /** At most BLOG_PAGE_SIZE posts, in the sort's order. */
  data: z.array(BlogPostSummarySchema).max(BLOG_PAGE_SIZE),
  /** Pass as `cursor` for the posts after these; null on the last page. */
  next_cursor: z.string().nullable(),
  /** Over every published post in the language, whatever the filters. */
  stats: z.object({ total: z.number().int(), categories: z.array(z.string()) }),
});
export type BlogListResponse = z.infer<typeof BlogListResponseSchema>;

export const BlogSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const BlogPostQuerySchema = z.object({ language: UiLanguageSchema.default('en') });
export const BlogPostResponseSchema = z.object({
  post: BlogPostSchema,
  related: z.array(BlogPostSummarySchema).max(BLOG_RELATED_LIMIT),
});
export type BlogPostResponse = z.infer<typeof BlogPostResponseSchema>;

export const BlogIdParamsSchema = z.object({ id: z.uuid() });
export const BlogViewResponseSchema = z.object({ view_count: z.number().int() });

// ── admin editor ──

export const BLOG_STATUSES = ['draft', 'published', 'archived'] as const;
export const BlogStatusSchema = z.enum(BLOG_STATUSES);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const adminBlogFields = {
  slug: z.string().trim().min(1, BLOG_MESSAGES.slugRequired).max(120).regex(SLUG, BLOG_MESSAGES.slugFormat),
  language: UiLanguageSchema,
  category: z.string().trim().min(1, BLOG_MESSAGES.categoryRequired).max(60),
  title: z.string().trim().min(1, BLOG_MESSAGES.titleRequired).max(200),
  excerpt: z.string().trim().max(500),
  /** Markdown (rendered on the server) or HTML; stored as sanitised HTML either way. */
  content: z.string().min(1, BLOG_MESSAGES.contentRequired).max(200_000),
  content_format: z.enum(['markdown', 'html']),
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
  featured: z.boolean(),
  featured_image_url: z.url().max(1000).nullable(),
  featured_image_alt: z.string().max(200).nullable(),
  /** Minutes; computed from the text when absent. */
  reading_time: z.number().int().min(1).max(600),
  author_name: z.string().trim().min(1).max(100),
  status: BlogStatusSchema,
  meta_title: z.string().max(200).nullable(),
  meta_description: z.string().max(500).nullable(),
};

export const AdminBlogPostBodySchema = z.object({
  ...adminBlogFields,
  excerpt: adminBlogFields.excerpt.default(''),
  content_format: adminBlogFields.content_format.default('markdown'),
  tags: adminBlogFields.tags.default([]),
  featured: adminBlogFields.featured.default(false),
  featured_image_url: adminBlogFields.featured_image_url.optional(),
  featured_image_alt: adminBlogFields.featured_image_alt.optional(),
  reading_time: adminBlogFields.reading_time.optional(),
  author_name: adminBlogFields.author_name.default('Editorial team'),
  status: adminBlogFields.status.default('draft'),
  meta_title: adminBlogFields.meta_title.optional(),
  meta_description: adminBlogFields.meta_description.optional(),
});
export type AdminBlogPostBody = z.infer<typeof AdminBlogPostBodySchema>;
export type AdminBlogPostInput = z.input<typeof AdminBlogPostBodySchema>;
/** PATCH: only the fields sent change (no defaults). */
export const AdminBlogPostPatchSchema = z.object(adminBlogFields).partial();
export type AdminBlogPostPatch = z.infer<typeof AdminBlogPostPatchSchema>;

export const AdminBlogPostSchema = BlogPostSchema.extend({
  status: BlogStatusSchema,
  created_at: z.string(),
});
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;
export const AdminBlogListResponseSchema = z.object({ data: z.array(AdminBlogPostSchema) });
