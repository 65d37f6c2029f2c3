-- AlterTable
ALTER TABLE "user_reads" ADD COLUMN     "datasource_id" UUID,
ADD COLUMN     "topic_id" UUID;

-- The reads stored so far take their summary's topic and source.
UPDATE "user_reads" r SET "topic_id" = s."topic_id", "datasource_id" = s."datasource_id"
FROM "summaries" s WHERE s."id" = r."summary_id";
