-- Hand-written (the schema diff never sees it): terms of two characters, a common length for a
-- Chinese word, have no trigram, so the trigram index cannot serve them. The distinct two-character
-- pieces of the lower-cased search text (a generated column cannot read another one, so it joins
-- the fields again), kept by PostgreSQL as a generated column, answer them
-- through a GIN index: `search_bigrams @> ARRAY[term]` finds the candidates and the ILIKE of
-- src/blog-search.ts keeps only real matches.
CREATE FUNCTION "blog_post_search_bigrams"("search_text" text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT substr(lowered, i, 2)), '{}')
    FROM (SELECT lower("search_text") AS lowered) AS source,
         generate_series(1, char_length(lowered) - 1) AS i
  $$;

ALTER TABLE "blog_posts" ADD COLUMN "search_bigrams" text[] NOT NULL
  GENERATED ALWAYS AS ("blog_post_search_bigrams"("blog_post_search_text"("title", "excerpt", "tags"))) STORED;

-- Without a pending list, as for the trigram index: view count updates write new row versions.
CREATE INDEX "blog_posts_search_bigrams_idx" ON "blog_posts" USING GIN ("search_bigrams")
  WITH (fastupdate = off);
