-- CreateTable
CREATE TABLE "user_follows" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "topic_id" UUID,
    "datasource_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_follows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_reads" (
    "user_id" UUID NOT NULL,
    "summary_id" UUID NOT NULL,
    "read_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_reads_pkey" PRIMARY KEY ("user_id","summary_id")
);

-- CreateIndex
CREATE INDEX "user_follows_topic_id_idx" ON "user_follows"("topic_id");

-- CreateIndex
CREATE INDEX "user_follows_datasource_id_idx" ON "user_follows"("datasource_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_follows_user_id_topic_id_key" ON "user_follows"("user_id", "topic_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_follows_user_id_datasource_id_key" ON "user_follows"("user_id", "datasource_id");

-- CreateIndex
CREATE INDEX "user_reads_summary_id_idx" ON "user_reads"("summary_id");

-- AddForeignKey
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_datasource_id_fkey" FOREIGN KEY ("datasource_id") REFERENCES "datasources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_reads" ADD CONSTRAINT "user_reads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_reads" ADD CONSTRAINT "user_reads_summary_id_fkey" FOREIGN KEY ("summary_id") REFERENCES "summaries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One topic or one datasource per follow.
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_one_target" CHECK (num_nonnulls("topic_id", "datasource_id") = 1);
