-- AlterEnum
ALTER TYPE "DeliveryStatus" ADD VALUE 'sending';

-- AlterTable
ALTER TABLE "email_deliveries" ADD COLUMN     "lease_expires_at" TIMESTAMPTZ(3);
