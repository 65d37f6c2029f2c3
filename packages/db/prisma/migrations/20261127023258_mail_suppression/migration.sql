-- CreateEnum
CREATE TYPE "SuppressionReason" AS ENUM ('hard_bounce', 'complaint');

-- CreateEnum
CREATE TYPE "SuppressionSource" AS ENUM ('smtp', 'webhook', 'dsn');

-- AlterTable
ALTER TABLE "newsletter_subscribers" ADD COLUMN     "suppressed_at" TIMESTAMPTZ(3),
ADD COLUMN     "suppression_diagnostic" TEXT,
ADD COLUMN     "suppression_reason" "SuppressionReason",
ADD COLUMN     "suppression_source" "SuppressionSource";
