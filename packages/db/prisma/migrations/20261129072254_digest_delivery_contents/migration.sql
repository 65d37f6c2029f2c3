-- What each sent digest was made of (topics, language, zone), recorded with status 'sent', so its
-- 'view in browser' link shows that digest whatever the subscriber changes later. Rows sent before
-- keep language NULL.

-- AlterTable
ALTER TABLE "email_deliveries" ADD COLUMN     "language" "Language",
ADD COLUMN     "time_zone" TEXT,
ADD COLUMN     "topic_ids" UUID[] DEFAULT ARRAY[]::UUID[];
