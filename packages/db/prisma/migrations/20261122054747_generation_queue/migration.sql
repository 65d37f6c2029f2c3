-- AlterTable
ALTER TABLE "content_generation_queue" ADD COLUMN     "dispatched_at" TIMESTAMPTZ(3),
ADD COLUMN     "enqueued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "content_generation_queue_status_enqueued_at_id_idx" ON "content_generation_queue"("status", "enqueued_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "user_generated_content_task_id_target_platform_key" ON "user_generated_content"("task_id", "target_platform");
