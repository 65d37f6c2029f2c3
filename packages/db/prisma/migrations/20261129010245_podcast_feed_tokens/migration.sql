-- Feed tokens per user and kind: the private podcast feed joins the favourites feed. Every existing
-- row is a favourites token (the column's default); a token opens its own kind of feed only.

-- CreateEnum
CREATE TYPE "FeedKind" AS ENUM ('favorites', 'podcasts');

-- AlterTable
ALTER TABLE "feed_tokens" DROP CONSTRAINT "feed_tokens_pkey",
ADD COLUMN     "kind" "FeedKind" NOT NULL DEFAULT 'favorites',
ADD COLUMN     "seed" TEXT,
ADD CONSTRAINT "feed_tokens_pkey" PRIMARY KEY ("user_id", "kind");
