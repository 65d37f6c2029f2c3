-- CreateTable
CREATE TABLE "newsletter_confirmations" (
    "id" UUID NOT NULL,
    "subscriber_id" UUID NOT NULL,
    "nonce" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "time_zone" TEXT,
    "topic_ids" UUID[],
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "newsletter_confirmations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_confirmations_subscriber_id_key" ON "newsletter_confirmations"("subscriber_id");

-- AddForeignKey
ALTER TABLE "newsletter_confirmations" ADD CONSTRAINT "newsletter_confirmations_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "newsletter_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
