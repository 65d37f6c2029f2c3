-- AlterTable
ALTER TABLE "user_profiles" ADD COLUMN     "mark_read_on_scroll" BOOLEAN NOT NULL DEFAULT false;
