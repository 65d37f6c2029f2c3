-- DropIndex
DROP INDEX "content_generation_queue_status_enqueued_at_id_idx";

-- AlterTable
ALTER TABLE "content_generation_queue" ADD COLUMN     "queue_seq" BIGSERIAL NOT NULL;

-- CreateIndex
CREATE INDEX "content_generation_queue_status_queue_seq_idx" ON "content_generation_queue"("status", "queue_seq");

-- Hand-written (not in schema.prisma): pending-task counts per bucket of 100 queue_seq numbers, kept by
-- a trigger on every insert, delete and status/queue_seq change, so a queue position is a sum over at most
-- pending/100 bucket rows plus a count of at most 100 index entries, however long the queue.
CREATE TABLE "generation_queue_buckets" (
    "bucket" BIGINT NOT NULL PRIMARY KEY,
    "pending" INTEGER NOT NULL DEFAULT 0
);

CREATE FUNCTION "generation_queue_bucket_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'pending' THEN
    UPDATE "generation_queue_buckets" SET "pending" = "pending" - 1 WHERE "bucket" = OLD."queue_seq" / 100;
    DELETE FROM "generation_queue_buckets" WHERE "bucket" = OLD."queue_seq" / 100 AND "pending" <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'pending' THEN
    INSERT INTO "generation_queue_buckets" ("bucket", "pending") VALUES (NEW."queue_seq" / 100, 1)
    ON CONFLICT ("bucket") DO UPDATE SET "pending" = "generation_queue_buckets"."pending" + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "content_generation_queue_bucket_sync"
AFTER INSERT OR DELETE OR UPDATE OF "status", "queue_seq" ON "content_generation_queue"
FOR EACH ROW EXECUTE FUNCTION "generation_queue_bucket_sync"();

-- Existing pending rows (none before this migration in practice).
INSERT INTO "generation_queue_buckets" ("bucket", "pending")
SELECT "queue_seq" / 100, count(*) FROM "content_generation_queue" WHERE "status" = 'pending' GROUP BY 1;
