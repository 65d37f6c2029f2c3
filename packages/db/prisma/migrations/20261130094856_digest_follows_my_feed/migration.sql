-- AlterTable
ALTER TABLE "newsletter_subscribers" ADD COLUMN     "follows_my_feed" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "email_deliveries" ADD COLUMN     "datasource_ids" UUID[] DEFAULT ARRAY[]::UUID[];
