-- CreateIndex
CREATE INDEX "user_reads_user_id_read_at_idx" ON "user_reads"("user_id", "read_at" DESC);
