-- DropIndex
DROP INDEX "summary_fingerprints_story_id_idx";

-- AlterTable: the fingerprints stored so far were decided under rule 1 (a story grew through any
-- one similar member, matched on the summaries' text); the backlog job decides them again.
ALTER TABLE "summary_fingerprints" ADD COLUMN     "rule_version" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "summary_fingerprints" ALTER COLUMN "rule_version" SET DEFAULT 2;

-- CreateTable
CREATE TABLE "story_terms" (
    "language" "Language" NOT NULL,
    "day" INTEGER NOT NULL,
    "token" INTEGER NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "story_terms_pkey" PRIMARY KEY ("language","token","day")
);

-- CreateTable
CREATE TABLE "story_term_days" (
    "language" "Language" NOT NULL,
    "day" INTEGER NOT NULL,
    "docs" INTEGER NOT NULL,

    CONSTRAINT "story_term_days_pkey" PRIMARY KEY ("language","day")
);

-- CreateIndex
CREATE INDEX "summary_fingerprints_story_id_event_at_idx" ON "summary_fingerprints"("story_id", "event_at" DESC);

-- CreateIndex
CREATE INDEX "summary_fingerprints_rule_version_event_at_idx" ON "summary_fingerprints"("rule_version", "event_at");
