-- Hand-written: what schema.prisma cannot express. The schema-to-schema diff never sees these,
-- so later migrations leave them alone. Queries must repeat the indexed expressions exactly;
-- src/summary-search.ts builds them.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- English full-text search (websearch_to_tsquery) over headline and content.
CREATE INDEX "summaries_search_en_idx" ON "summaries"
  USING GIN (to_tsvector('english'::regconfig, "headline" || ' ' || "content"));

-- Chinese has no spaces between words, so full-text parsing finds no useful tokens; trigram
-- indexes serve ILIKE '%term%' on any script (needs a UTF-8 ctype such as C.UTF-8, not plain C).
CREATE INDEX "summaries_search_trgm_idx" ON "summaries"
  USING GIN (("headline" || ' ' || "content") gin_trgm_ops);

-- Emails are compared and unique in lower case; the services lower-case before writing.
ALTER TABLE "users" ADD CONSTRAINT "users_email_lower_check" CHECK ("email" = lower("email"));
ALTER TABLE "newsletter_subscribers"
  ADD CONSTRAINT "newsletter_subscribers_email_lower_check" CHECK ("email" = lower("email"));

ALTER TABLE "content_generation_queue"
  ADD CONSTRAINT "content_generation_queue_progress_check" CHECK ("progress" BETWEEN 0 AND 100),
  ADD CONSTRAINT "content_generation_queue_retries_check" CHECK ("retry_count" >= 0 AND "max_retries" >= 0);
