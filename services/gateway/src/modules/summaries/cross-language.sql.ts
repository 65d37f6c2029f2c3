import { OTHER_LANGUAGE_MAX, OTHER_LANGUAGE_WINDOW } from '@app/contracts';
import { escapeLike, type Language, Prisma, type SqlRunner } from '@app/db';
import { integer, type SummaryRow, summariesByIdsSql } from './summaries.sql.ts';

/**
 * A query word in the other language: any term stands for it (a term of several words: all of them);
 * names weigh double.
 */
export type TermGroup = { terms: string[]; literal: boolean };

/** Where the other language's reports are looked for: its summaries in the list's range and topic. */
export type OtherLanguageScope = { language: Language; from?: Date; to?: Date; topicId?: string };

/** A report of the same story (a story link) outranks any dictionary match. */
const STORY_SCORE = 100;

const weightOf = (group: TermGroup) => (group.literal ? 2 : 1);

/** An English term's tsquery words: letters and digits only, so no input reaches the query syntax. */
const tsWords = (term: string) =>
  [...new Set(term.toLowerCase().match(/[a-z0-9]+/g) ?? [])].filter(
    (word) => word.length > 1 || /\d/.test(word),
  );

/** A group as a tsquery: any of its terms, a term of several words (a model's phrase) all of them. */
const tsGroup = (terms: string[]) =>
  [
    ...new Set(
      terms.flatMap((term) => {
        const words = tsWords(term);
        if (words.length === 0) return [];
        return [words.length === 1 ? words[0]! : `(${words.join(' & ')})`];
      }),
    ),
  ].join(' | ');

/**
 * The other language's reports of a search: first the members of the stories the search's own
 * matches belong to, then summaries matching the most query words (each word: any of its terms;
 * names weigh double; at least two words' weight, or all there is), newest first among equals. Looked
 * for among that language's newest OTHER_LANGUAGE_WINDOW summaries in scope: English ones through the
 * full-text index, Chinese ones by substring (through the trigram index when every match must hold a
 * term it can look up: see indexedTerms).
 */
export async function queryOtherLanguage(
  run: SqlRunner,
  scope: OtherLanguageScope,
  groups: TermGroup[],
  storyIds: string[],
): Promise<SummaryRow[]> {
  const conds: Prisma.Sql[] = [Prisma.sql`s.language = ${scope.language}::"Language"`];
  if (scope.from) conds.push(Prisma.sql`s.created_at >= ${scope.from}`);
  if (scope.to) conds.push(Prisma.sql`s.created_at <= ${scope.to}`);
  if (scope.topicId) conds.push(Prisma.sql`s.topic_id = ${scope.topicId}::uuid`);
  const where = Prisma.join(conds, ' AND ');

  // The two lookups are independent: run side by side, one round trip instead of two.
  const [linked, matched] = await Promise.all([
    storyIds.length > 0
      ? run<{ id: string; score: number }>(
          statement(Prisma.sql`SELECT s.id, ${STORY_SCORE}::int AS score FROM summaries s
            WHERE ${where} AND s.story_id = ANY(${storyIds}::uuid[])
            ORDER BY s.created_at DESC, s.id DESC LIMIT ${integer(OTHER_LANGUAGE_MAX)}`),
        )
      : [],
    groups.length > 0
      ? run<{ id: string; score: number }>(statement(termMatchSql(where, scope, groups)))
      : [],
  ]);
  const ids = [...new Set([...linked, ...matched].map((row) => row.id))].slice(0, OTHER_LANGUAGE_MAX);
  if (ids.length === 0) return [];
  const rows = await run<SummaryRow>(summariesByIdsSql(ids));
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/**
 * The statement finding the other language's summaries that match the query's words. `trigram: false`
 * reads the whole window even when the trigram index could find the matches (to compare the two).
 */
export function termMatchSql(
  where: Prisma.Sql,
  scope: OtherLanguageScope,
  groups: TermGroup[],
  options: { trigram?: boolean } = {},
): Prisma.Sql {
  const least = leastOf(groups);
  if (scope.language === 'EN') {
    const usable = groups
      .map((group) => ({ group, query: tsGroup(group.terms) }))
      .filter((g) => g.query !== '');
    if (usable.length === 0) return Prisma.sql`SELECT NULL::uuid AS id, 0 AS score WHERE false`;
    const any = [...new Set(usable.flatMap((g) => g.group.terms.flatMap(tsWords)))].join(' | ');
    const vector = Prisma.sql`to_tsvector('english'::regconfig, s.headline || ' ' || s.content)`;
    const score = Prisma.join(
      usable.map(
        ({ group, query }) =>
          Prisma.sql`(CASE WHEN c.v @@ to_tsquery('english'::regconfig, ${query}) THEN ${weightOf(group)}::int ELSE 0 END)`,
      ),
      ' + ',
    );
    return Prisma.sql`WITH c AS (
        SELECT s.id, s.created_at, ${vector} AS v FROM summaries s
        WHERE ${where} AND ${vector} @@ to_tsquery('english'::regconfig, ${any})
        ORDER BY s.created_at DESC, s.id DESC LIMIT ${integer(OTHER_LANGUAGE_WINDOW)}
      ), scored AS (SELECT c.id, c.created_at, (${score}) AS score FROM c)
      SELECT id, score FROM scored WHERE score >= ${least}
      ORDER BY score DESC, created_at DESC, id DESC LIMIT ${integer(OTHER_LANGUAGE_MAX)}`;
  }
  // The text is lower-cased once per summary and matched with LIKE: ILIKE lower-cases the whole text
  // again for every term it tries (a query's groups hold several terms each).
  const score = Prisma.join(
    groups.map(
      (group) =>
        Prisma.sql`(CASE WHEN c.text LIKE ANY(${group.terms.map((term) => `%${escapeLike(term.toLowerCase())}%`)}::text[]) THEN ${weightOf(group)}::int ELSE 0 END)`,
    ),
    ' + ',
  );
  const found = options.trigram === false ? null : indexedTerms(groups);
  // With terms the trigram index finds, only the window's summaries holding one are read: those newer
  // than the window's oldest (its time read from the date index alone).
  const read = Prisma.sql`SELECT s.id, s.created_at, lower(s.headline || ' ' || s.content) AS text FROM summaries s`;
  const window = found
    ? Prisma.sql`${read} WHERE ${where} AND (${Prisma.join(
        found.map((term) => Prisma.sql`(s.headline || ' ' || s.content) ILIKE ${`%${escapeLike(term)}%`}`),
        ' OR ',
      )}) AND s.created_at >= coalesce((SELECT s.created_at FROM summaries s WHERE ${where}
        ORDER BY s.created_at DESC OFFSET ${integer(OTHER_LANGUAGE_WINDOW - 1)} LIMIT 1), '-infinity')
      ORDER BY s.created_at DESC, s.id DESC LIMIT ${integer(OTHER_LANGUAGE_WINDOW)}`
    : Prisma.sql`${read} WHERE ${where} ORDER BY s.created_at DESC, s.id DESC LIMIT ${integer(OTHER_LANGUAGE_WINDOW)}`;
  return Prisma.sql`WITH c AS MATERIALIZED (${window}),
    scored AS (SELECT c.id, c.created_at, (${score}) AS score FROM c)
    SELECT id, score FROM scored WHERE score >= ${least}
    ORDER BY score DESC, created_at DESC, id DESC LIMIT ${integer(OTHER_LANGUAGE_MAX)}`;
}

/** The weight a match must reach: two words' (a name weighs two), or all there is. */
const leastOf = (groups: TermGroup[]) =>
  Math.min(
    2,
    groups.reduce((sum, group) => sum + weightOf(group), 0),
  );

/** A term the trigram index can look up: three letters or digits in a row (pg_trgm reads trigrams). */
const trigramTerm = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

/**
 * The terms a summary must hold one of to reach the weight a match needs (leastOf), when the index can
 * find them all: the groups whose terms the trigram index cannot look up (two-character Chinese words)
 * weigh less than that together, so every match holds a term of another group. Null when some match
 * may hold none.
 */
export function indexedTerms(groups: TermGroup[]): string[] | null {
  const least = leastOf(groups);
  const indexed = groups.filter((group) => group.terms.every(trigramTerm));
  const rest = groups.filter((group) => !indexed.includes(group)).reduce((sum, g) => sum + weightOf(g), 0);
  return indexed.length > 0 && rest < least ? indexed.flatMap((group) => group.terms) : null;
}

const statement = (sql: Prisma.Sql) => ({ text: sql.text, values: sql.values });
