-- CreateTable
CREATE TABLE "generation_runs" (
    "id" UUID NOT NULL,
    "task_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "generation_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "generation_runs_user_id_run_at_idx" ON "generation_runs"("user_id", "run_at");

-- CreateIndex
CREATE INDEX "generation_runs_task_id_run_at_idx" ON "generation_runs"("task_id", "run_at");

-- The tasks stored so far: one run each, when it last entered the queue (the quota counted tasks by
-- creation before; a run is what it counts now).
INSERT INTO "generation_runs" ("id", "task_id", "user_id", "run_at")
SELECT gen_random_uuid(), "id", "user_id", "enqueued_at" FROM "content_generation_queue";
