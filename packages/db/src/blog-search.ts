import { escapeLike } from './summary-search.ts';

/**
 * The column the blog search index covers (migration blog_list_search_indexes): title, excerpt and
 * tags joined by line breaks, kept by PostgreSQL as a generated column.
 */
export const BLOG_SEARCH_TEXT_SQL = 'search_text';

/**
 * A WHERE fragment for the blog search, case-insensitive and literal (LIKE wildcards escaped), its
 * pattern at `placeholder`: the trigram index serves it (terms under three characters have no
 * trigram, and the planner then walks the sort order). A match in the joined text is a match in one
 * field unless the term itself holds a line break: only then is each field checked on its own.
 */
export function blogSearchMatch(placeholder: string, term: string): string {
  const joined = `${BLOG_SEARCH_TEXT_SQL} ILIKE ${placeholder}`;
  if (!/[\r\n]/.test(term)) return joined;
  return `(${joined} AND (title ILIKE ${placeholder} OR excerpt ILIKE ${placeholder}
    OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE tag ILIKE ${placeholder})))`;
}

/**
 * Terms of exactly two characters have no trigram: for them, the GIN index over the generated
 * `search_bigrams` column (migration blog_search_bigrams, the distinct two-character pieces of the
 * lower-cased search text) answers, and its match is exact: a two-character term is in the text
 * (case-insensitively) exactly when it is one of its pieces. `placeholder` holds the term itself.
 */
export const blogBigramMatch = (placeholder: string) => `search_bigrams @> ARRAY[lower(${placeholder})]`;

/** Whether blogBigramMatch serves the term: two characters (code points), which no trigram covers. */
export const isBigramTerm = (term: string) => [...term].length === 2;

/** The search term as the pattern blogSearchMatch compares with. */
export const blogSearchPattern = (term: string) => `%${escapeLike(term)}%`;
