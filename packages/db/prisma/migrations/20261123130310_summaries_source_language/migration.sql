-- DropIndex
DROP INDEX "summaries_datasource_id_created_at_idx";

-- CreateIndex
CREATE INDEX "summaries_datasource_id_language_created_at_idx" ON "summaries"("datasource_id", "language", "created_at" DESC);
