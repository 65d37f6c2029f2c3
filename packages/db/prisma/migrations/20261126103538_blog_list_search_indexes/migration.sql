-- DropIndex
DROP INDEX "blog_posts_language_status_published_at_idx";

-- CreateIndex
CREATE INDEX "blog_posts_language_status_published_at_id_idx" ON "blog_posts"("language", "status", "published_at", "id");

-- CreateIndex
CREATE INDEX "blog_posts_language_status_view_count_published_at_id_idx" ON "blog_posts"("language", "status", "view_count", "published_at", "id");

-- CreateIndex
CREATE INDEX "blog_posts_language_status_reading_time_published_at_id_idx" ON "blog_posts"("language", "status", "reading_time", "published_at" DESC, "id" DESC);

-- Hand-written (the schema diff never sees it): blog search, a case-insensitive substring match
-- over title, excerpt and tags in any script, served by one trigram index. The three fields are
-- kept joined by line breaks in a generated column (Prisma's client neither reads nor writes it):
-- array_to_string is only STABLE (arrays of other types print through settings), so a function
-- declares the text[] case IMMUTABLE, which a generated column needs. src/blog-search.ts builds the
-- match; a term with a line break is also checked field by field, so it never spans two fields.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION "blog_post_search_text"("title" text, "excerpt" text, "tags" text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT "title" || E'\n' || "excerpt" || E'\n' || array_to_string("tags", E'\n') $$;

ALTER TABLE "blog_posts" ADD COLUMN "search_text" text NOT NULL
  GENERATED ALWAYS AS ("blog_post_search_text"("title", "excerpt", "tags")) STORED;

-- Without a pending list (fastupdate): each view count update writes a new row version, and
-- entries waiting in that list would be read by every search until a vacuum merged them.
CREATE INDEX "blog_posts_search_trgm_idx" ON "blog_posts" USING GIN ("search_text" gin_trgm_ops)
  WITH (fastupdate = off);
