import type { AdminBlogPost, BlogPost, BlogPostSummary } from '@app/contracts';
import { toUiLanguage } from '@app/rules';
import type { BlogPostRow, BlogPostSummaryRow, RankedBlogPostRow } from './blog.repository.ts';

// Blog rows as the API answers them (the repository returns rows as read).

/** A post as a list's card shows it. */
export function toBlogPostSummaryDto(row: BlogPostSummaryRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    language: toUiLanguage(row.language),
    category: row.category,
    title: row.title,
    excerpt: row.excerpt,
    tags: row.tags,
    featured: row.featured,
    featured_image_url: row.featuredImageUrl,
    featured_image_alt: row.featuredImageAlt,
    reading_time: row.readingTime,
    view_count: row.viewCount,
    author_name: row.authorName,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A published post as its page shows it (the body as stored: the service sanitises it again). */
export function toBlogPostDto(row: BlogPostRow | RankedBlogPostRow): BlogPost {
  return {
    ...toBlogPostSummaryDto(row),
    content: row.content ?? '',
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
  };
}

/** A post in any state, as the admin's blog tab shows it. */
export function toAdminBlogPostDto(row: BlogPostRow): AdminBlogPost {
  return { ...toBlogPostDto(row), status: row.status, created_at: row.createdAt.toISOString() };
}
