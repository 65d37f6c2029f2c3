import { type Language, Prisma } from '../generated/prisma/client.ts';

/**
 * The expressions indexed by the search_indexes migration. A query must repeat one exactly
 * (modulo table qualification) for the planner to use its GIN index.
 */
export const SUMMARY_SEARCH_SQL = {
  englishVector: `to_tsvector('english'::regconfig, "headline" || ' ' || "content")`,
  trigramText: `("headline" || ' ' || "content")`,
} as const;

/** Escapes LIKE wildcards so user input matches literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, '\\$&');
}

/**
 * A WHERE fragment matching summaries by text: English full-text search (websearch syntax,
 * stemming) or, for Chinese, a substring match served by the trigram index. Pass the alias
 * when the query joins tables that also have headline/content columns.
 */
export function summaryTextMatch(term: string, language: Language, alias?: string): Prisma.Sql {
  const col = (name: string) => Prisma.raw(alias ? `"${alias}"."${name}"` : `"${name}"`);
  if (language === 'EN') {
    return Prisma.sql`to_tsvector('english'::regconfig, ${col('headline')} || ' ' || ${col('content')}) @@ websearch_to_tsquery('english'::regconfig, ${term})`;
  }
  return Prisma.sql`(${col('headline')} || ' ' || ${col('content')}) ILIKE ${`%${escapeLike(term)}%`}`;
}
