-- OPML import: the site a feed belongs to (htmlUrl), and whether a source's language still waits for
-- its first crawl (imported without one). Existing rows keep their language as set.

-- AlterTable
ALTER TABLE "datasources" ADD COLUMN     "html_url" TEXT,
ADD COLUMN     "language_unconfirmed" BOOLEAN NOT NULL DEFAULT false;
