-- AlterTable
ALTER TABLE "summaries" ADD COLUMN     "story_id" UUID;

-- CreateTable
CREATE TABLE "stories" (
    "id" UUID NOT NULL,
    "headline" TEXT NOT NULL DEFAULT '',
    "language" "Language" NOT NULL,
    "summary_count" INTEGER NOT NULL DEFAULT 0,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "stories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "summary_fingerprints" (
    "summary_id" UUID NOT NULL,
    "story_id" UUID NOT NULL,
    "language" "Language" NOT NULL,
    "event_at" TIMESTAMPTZ(3) NOT NULL,
    "tokens" INTEGER[],
    "headline_tokens" INTEGER[],
    "numbers" INTEGER[],
    "datasource_id" UUID,
    "embedding" DOUBLE PRECISION[] DEFAULT ARRAY[]::DOUBLE PRECISION[],
    "match_method" TEXT NOT NULL,
    "score" DOUBLE PRECISION,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "summary_fingerprints_pkey" PRIMARY KEY ("summary_id")
);

-- CreateTable
CREATE TABLE "story_bands" (
    "band" BIGINT NOT NULL,
    "event_at" TIMESTAMPTZ(3) NOT NULL,
    "summary_id" UUID NOT NULL,

    CONSTRAINT "story_bands_pkey" PRIMARY KEY ("band","event_at","summary_id")
);

-- CreateIndex
CREATE INDEX "stories_last_seen_at_idx" ON "stories"("last_seen_at" DESC);

-- CreateIndex
CREATE INDEX "summary_fingerprints_story_id_idx" ON "summary_fingerprints"("story_id");

-- CreateIndex
CREATE INDEX "summary_fingerprints_language_event_at_idx" ON "summary_fingerprints"("language", "event_at");

-- CreateIndex
CREATE INDEX "story_bands_summary_id_idx" ON "story_bands"("summary_id");

-- CreateIndex
CREATE INDEX "summaries_story_id_idx" ON "summaries"("story_id");

-- AddForeignKey
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_story_id_fkey" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "summary_fingerprints" ADD CONSTRAINT "summary_fingerprints_summary_id_fkey" FOREIGN KEY ("summary_id") REFERENCES "summaries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "summary_fingerprints" ADD CONSTRAINT "summary_fingerprints_story_id_fkey" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "story_bands" ADD CONSTRAINT "story_bands_summary_id_fkey" FOREIGN KEY ("summary_id") REFERENCES "summary_fingerprints"("summary_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The backfill's scan: summaries the clustering job has not seen yet, oldest first.
CREATE INDEX "summaries_unclustered_idx" ON "summaries"("created_at") WHERE "story_id" IS NULL;
