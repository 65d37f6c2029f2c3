import { escapeLike } from './summary-search.ts';

/**
 * The expression the blog search index covers (migration blog_list_search_indexes): title, excerpt
 * and tags joined by line breaks. A query must repeat it exactly for the planner to use the index.
 */
export const BLOG_SEARCH_TEXT_SQL = `blog_post_search_text(title, excerpt, tags)`;

/**
 * A WHERE fragment for the blog search, case-insensitive and literal (LIKE wildcards escaped), its
 * pattern at `$n`: the trigram index narrows the rows on the joined text, then each field is
 * checked on its own, so a term spanning the end of the title and the start of the excerpt does
 * not match. Terms under three characters have no trigram: the planner then walks the sort order.
 */
export function blogSearchMatch(placeholder: string): string {
  return `(${BLOG_SEARCH_TEXT_SQL} ILIKE ${placeholder}
    AND (title ILIKE ${placeholder} OR excerpt ILIKE ${placeholder}
         OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE tag ILIKE ${placeholder})))`;
}

/** The search term as the pattern blogSearchMatch compares with. */
export const blogSearchPattern = (term: string) => `%${escapeLike(term)}%`;
