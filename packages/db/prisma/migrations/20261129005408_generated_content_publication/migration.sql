-- Generated content is private to its author until they publish it. The column is added without a
-- default, so every existing row becomes private (published_at NULL).

-- AlterTable
ALTER TABLE "user_generated_content" ADD COLUMN     "published_at" TIMESTAMPTZ(3);

-- The topic page's listing: published rows only, by summary, newest publication first.
CREATE INDEX "user_generated_content_published_idx" ON "user_generated_content"("summary_id", "published_at" DESC) WHERE "published_at" IS NOT NULL;
