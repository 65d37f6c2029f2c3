-- CreateTable
CREATE TABLE "story_redirects" (
    "from_id" UUID NOT NULL,
    "to_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "story_redirects_pkey" PRIMARY KEY ("from_id")
);

-- CreateIndex
CREATE INDEX "story_redirects_to_id_idx" ON "story_redirects"("to_id");
