-- DropIndex
DROP INDEX "blog_posts_language_status_published_at_idx";

-- CreateIndex
CREATE INDEX "blog_posts_language_status_published_at_id_idx" ON "blog_posts"("language", "status", "published_at", "id");

-- CreateIndex
CREATE INDEX "blog_posts_language_status_view_count_published_at_id_idx" ON "blog_posts"("language", "status", "view_count", "published_at", "id");

-- CreateIndex
CREATE INDEX "blog_posts_language_status_reading_time_published_at_id_idx" ON "blog_posts"("language", "status", "reading_time", "published_at" DESC, "id" DESC);

-- Hand-written (the schema diff never sees it): blog search, a case-insensitive substring match
-- over title, excerpt and tags in any script, served by one trigram index. The posts' text as one
-- value: array_to_string is only STABLE (arrays of other types print through settings), so a
-- function declares the text[] case IMMUTABLE, which an index expression needs. Queries must call
-- it exactly so (src/blog-search.ts builds the match) and recheck the fields one by one, so a term
-- never matches across the line breaks that join them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION "blog_post_search_text"("title" text, "excerpt" text, "tags" text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT "title" || E'\n' || "excerpt" || E'\n' || array_to_string("tags", E'\n') $$;

CREATE INDEX "blog_posts_search_trgm_idx" ON "blog_posts"
  USING GIN ("blog_post_search_text"("title", "excerpt", "tags") gin_trgm_ops);
