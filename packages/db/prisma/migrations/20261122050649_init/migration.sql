-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('user', 'admin');

-- CreateEnum
CREATE TYPE "SubscriptionType" AS ENUM ('free', 'pro');

-- CreateEnum
CREATE TYPE "Language" AS ENUM ('EN', 'ZH');

-- CreateEnum
CREATE TYPE "Platform" AS ENUM ('blog', 'reddit', 'youtube', 'twitter', 'twitter-rss', 'podcast', 'xiaohongshu', 'wechat');

-- CreateEnum
CREATE TYPE "SummaryType" AS ENUM ('blog_post', 'youtube_video', 'podcast', 'xiaohongshu_post', 'daily_subreddit', 'twitter_rss_datasource', 'wechat_post');

-- CreateEnum
CREATE TYPE "PostStatus" AS ENUM ('pending', 'processing', 'summarized', 'failed', 'skipped');

-- CreateEnum
CREATE TYPE "TaskStatus" AS ENUM ('pending', 'processing', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "GenerationStatus" AS ENUM ('pending', 'processing', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "SubmissionStatus" AS ENUM ('pending', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "SubscriberStatus" AS ENUM ('active', 'bouncing', 'unsubscribed');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'sent', 'failed', 'skipped');

-- CreateEnum
CREATE TYPE "BillingPlan" AS ENUM ('monthly', 'annual');

-- CreateEnum
CREATE TYPE "BlogPostStatus" AS ENUM ('draft', 'published', 'archived');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT,
    "email_verified_at" TIMESTAMPTZ(3),
    "google_sub" TEXT,
    "avatar_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_login_at" TIMESTAMPTZ(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_profiles" (
    "id" UUID NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'user',
    "subscription_type" "SubscriptionType" NOT NULL DEFAULT 'free',
    "display_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "replaced_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "user_agent" TEXT,
    "ip" TEXT,

    CONSTRAINT "refresh_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_verification_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_verification_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "topics" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "name_zh" TEXT,
    "description" TEXT NOT NULL DEFAULT '',
    "description_zh" TEXT,
    "keywords" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "topics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "datasources" (
    "id" UUID NOT NULL,
    "topic_id" UUID NOT NULL,
    "platform" "Platform" NOT NULL,
    "source_name" TEXT NOT NULL,
    "source_url" TEXT NOT NULL,
    "language" "Language" NOT NULL DEFAULT 'EN',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "config" JSONB NOT NULL DEFAULT '{}',
    "last_crawled_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_error_at" TIMESTAMPTZ(3),
    "last_error_class" TEXT,
    "last_error_message" TEXT,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "next_check_at" TIMESTAMPTZ(3),
    "etag" TEXT,
    "last_modified" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "datasources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "posts" (
    "id" UUID NOT NULL,
    "datasource_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "url_hash" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '',
    "author" TEXT,
    "published_at" TIMESTAMPTZ(3),
    "status" "PostStatus" NOT NULL DEFAULT 'pending',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "summaries" (
    "id" UUID NOT NULL,
    "headline" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL,
    "summary_type" "SummaryType" NOT NULL,
    "language" "Language" NOT NULL,
    "source_urls" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "post_id" UUID,
    "datasource_id" UUID,
    "topic_id" UUID,
    "dedupe_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "summaries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_favorite_datasources" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "datasource_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_favorite_datasources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_favorite_summaries" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "summary_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_favorite_summaries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "source_submissions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "topic_id" UUID,
    "topic_custom" VARCHAR(100),
    "platform" TEXT NOT NULL,
    "platform_custom" VARCHAR(50),
    "url" VARCHAR(500) NOT NULL,
    "status" "SubmissionStatus" NOT NULL DEFAULT 'pending',
    "reviewed_by_id" UUID,
    "reviewed_at" TIMESTAMPTZ(3),
    "review_note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "source_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processing_tasks" (
    "id" UUID NOT NULL,
    "datasource_id" UUID NOT NULL,
    "target_date" DATE NOT NULL,
    "status" "TaskStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "posts_found" INTEGER,
    "error_message" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "processing_tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "podcast_tasks" (
    "id" UUID NOT NULL,
    "topic_id" UUID NOT NULL,
    "target_date" DATE NOT NULL,
    "language" "Language" NOT NULL,
    "status" "TaskStatus" NOT NULL DEFAULT 'pending',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "transcript" TEXT,
    "error_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "podcast_tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "content_generation_queue" (
    "id" UUID NOT NULL,
    "task_id" TEXT,
    "user_id" UUID NOT NULL,
    "summary_id" UUID,
    "status" "GenerationStatus" NOT NULL DEFAULT 'pending',
    "style" TEXT NOT NULL DEFAULT 'engaging',
    "target_platforms" TEXT[],
    "user_input" TEXT,
    "user_language" "Language" NOT NULL DEFAULT 'EN',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "queue_position" INTEGER,
    "retry_count" INTEGER NOT NULL DEFAULT 0,
    "max_retries" INTEGER NOT NULL DEFAULT 3,
    "result_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "error_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "content_generation_queue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_generated_content" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "task_id" UUID,
    "summary_id" UUID,
    "post_id" UUID,
    "target_platform" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "hashtags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "character_count" INTEGER NOT NULL DEFAULT 0,
    "is_over_limit" BOOLEAN NOT NULL DEFAULT false,
    "style" TEXT NOT NULL DEFAULT 'engaging',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "source_urls" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_generated_content_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletter_subscribers" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "user_id" UUID,
    "language" "Language" NOT NULL DEFAULT 'EN',
    "time_zone" TEXT NOT NULL DEFAULT 'America/New_York',
    "unsubscribe_token" TEXT NOT NULL,
    "status" "SubscriberStatus" NOT NULL DEFAULT 'active',
    "confirmed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "newsletter_subscribers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletter_subscriptions" (
    "id" UUID NOT NULL,
    "subscriber_id" UUID NOT NULL,
    "topic_id" UUID NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "language" "Language" NOT NULL DEFAULT 'EN',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "newsletter_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_deliveries" (
    "id" UUID NOT NULL,
    "subscriber_id" UUID NOT NULL,
    "digest_date" DATE NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "summary_count" INTEGER NOT NULL DEFAULT 0,
    "provider_message_id" TEXT,
    "provider_response" TEXT,
    "error_message" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_subscriptions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "stripe_customer_id" TEXT,
    "stripe_subscription_id" TEXT,
    "stripe_price_id" TEXT,
    "plan" "BillingPlan" NOT NULL,
    "status" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'usd',
    "current_period_start" TIMESTAMPTZ(3),
    "current_period_end" TIMESTAMPTZ(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "canceled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "billing_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "subscription_id" UUID,
    "stripe_invoice_id" TEXT,
    "stripe_payment_intent_id" TEXT,
    "description" TEXT,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'usd',
    "status" TEXT NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" UUID NOT NULL,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "processed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blog_posts" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "language" "Language" NOT NULL DEFAULT 'EN',
    "category" TEXT NOT NULL DEFAULT 'general',
    "title" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "featured" BOOLEAN NOT NULL DEFAULT false,
    "featured_image_url" TEXT,
    "featured_image_alt" TEXT,
    "reading_time" INTEGER NOT NULL DEFAULT 1,
    "view_count" INTEGER NOT NULL DEFAULT 0,
    "author_name" TEXT NOT NULL DEFAULT 'Editorial team',
    "status" "BlogPostStatus" NOT NULL DEFAULT 'draft',
    "published_at" TIMESTAMPTZ(3),
    "meta_title" TEXT,
    "meta_description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "blog_posts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_google_sub_key" ON "users"("google_sub");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_sessions_token_hash_key" ON "refresh_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "refresh_sessions_family_id_idx" ON "refresh_sessions"("family_id");

-- CreateIndex
CREATE INDEX "refresh_sessions_user_id_idx" ON "refresh_sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "email_verification_tokens_token_hash_key" ON "email_verification_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "email_verification_tokens_user_id_idx" ON "email_verification_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "topics_slug_key" ON "topics"("slug");

-- CreateIndex
CREATE INDEX "topics_is_active_name_idx" ON "topics"("is_active", "name");

-- CreateIndex
CREATE INDEX "datasources_platform_is_active_idx" ON "datasources"("platform", "is_active");

-- CreateIndex
CREATE INDEX "datasources_language_is_active_idx" ON "datasources"("language", "is_active");

-- CreateIndex
CREATE INDEX "datasources_source_name_idx" ON "datasources"("source_name");

-- CreateIndex
CREATE INDEX "datasources_next_check_at_idx" ON "datasources"("next_check_at");

-- CreateIndex
CREATE UNIQUE INDEX "datasources_topic_id_platform_source_url_key" ON "datasources"("topic_id", "platform", "source_url");

-- CreateIndex
CREATE INDEX "posts_datasource_id_published_at_idx" ON "posts"("datasource_id", "published_at");

-- CreateIndex
CREATE INDEX "posts_status_created_at_idx" ON "posts"("status", "created_at");

-- CreateIndex
CREATE INDEX "posts_created_at_idx" ON "posts"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "posts_datasource_id_url_hash_key" ON "posts"("datasource_id", "url_hash");

-- CreateIndex
CREATE UNIQUE INDEX "summaries_dedupe_key_key" ON "summaries"("dedupe_key");

-- CreateIndex
CREATE INDEX "summaries_created_at_idx" ON "summaries"("created_at" DESC);

-- CreateIndex
CREATE INDEX "summaries_language_created_at_idx" ON "summaries"("language", "created_at" DESC);

-- CreateIndex
CREATE INDEX "summaries_topic_id_created_at_idx" ON "summaries"("topic_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "summaries_datasource_id_created_at_idx" ON "summaries"("datasource_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "summaries_summary_type_created_at_idx" ON "summaries"("summary_type", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "summaries_post_id_language_key" ON "summaries"("post_id", "language");

-- CreateIndex
CREATE INDEX "user_favorite_datasources_datasource_id_idx" ON "user_favorite_datasources"("datasource_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_favorite_datasources_user_id_datasource_id_key" ON "user_favorite_datasources"("user_id", "datasource_id");

-- CreateIndex
CREATE INDEX "user_favorite_summaries_summary_id_idx" ON "user_favorite_summaries"("summary_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_favorite_summaries_user_id_summary_id_key" ON "user_favorite_summaries"("user_id", "summary_id");

-- CreateIndex
CREATE INDEX "source_submissions_status_created_at_idx" ON "source_submissions"("status", "created_at");

-- CreateIndex
CREATE INDEX "source_submissions_topic_id_idx" ON "source_submissions"("topic_id");

-- CreateIndex
CREATE INDEX "source_submissions_reviewed_by_id_idx" ON "source_submissions"("reviewed_by_id");

-- CreateIndex
CREATE UNIQUE INDEX "source_submissions_user_id_url_key" ON "source_submissions"("user_id", "url");

-- CreateIndex
CREATE INDEX "processing_tasks_status_created_at_idx" ON "processing_tasks"("status", "created_at");

-- CreateIndex
CREATE INDEX "processing_tasks_target_date_idx" ON "processing_tasks"("target_date");

-- CreateIndex
CREATE UNIQUE INDEX "processing_tasks_datasource_id_target_date_key" ON "processing_tasks"("datasource_id", "target_date");

-- CreateIndex
CREATE INDEX "podcast_tasks_status_target_date_idx" ON "podcast_tasks"("status", "target_date" DESC);

-- CreateIndex
CREATE INDEX "podcast_tasks_language_target_date_idx" ON "podcast_tasks"("language", "target_date" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "podcast_tasks_topic_id_target_date_language_key" ON "podcast_tasks"("topic_id", "target_date", "language");

-- CreateIndex
CREATE UNIQUE INDEX "content_generation_queue_task_id_key" ON "content_generation_queue"("task_id");

-- CreateIndex
CREATE INDEX "content_generation_queue_status_created_at_idx" ON "content_generation_queue"("status", "created_at");

-- CreateIndex
CREATE INDEX "content_generation_queue_user_id_created_at_idx" ON "content_generation_queue"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "content_generation_queue_summary_id_idx" ON "content_generation_queue"("summary_id");

-- CreateIndex
CREATE INDEX "content_generation_queue_result_ids_idx" ON "content_generation_queue" USING GIN ("result_ids");

-- CreateIndex
CREATE INDEX "user_generated_content_user_id_created_at_idx" ON "user_generated_content"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "user_generated_content_task_id_idx" ON "user_generated_content"("task_id");

-- CreateIndex
CREATE INDEX "user_generated_content_summary_id_idx" ON "user_generated_content"("summary_id");

-- CreateIndex
CREATE INDEX "user_generated_content_post_id_idx" ON "user_generated_content"("post_id");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers"("email");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscribers_unsubscribe_token_key" ON "newsletter_subscribers"("unsubscribe_token");

-- CreateIndex
CREATE INDEX "newsletter_subscribers_status_time_zone_idx" ON "newsletter_subscribers"("status", "time_zone");

-- CreateIndex
CREATE INDEX "newsletter_subscribers_user_id_idx" ON "newsletter_subscribers"("user_id");

-- CreateIndex
CREATE INDEX "newsletter_subscriptions_topic_id_idx" ON "newsletter_subscriptions"("topic_id");

-- CreateIndex
CREATE UNIQUE INDEX "newsletter_subscriptions_subscriber_id_topic_id_key" ON "newsletter_subscriptions"("subscriber_id", "topic_id");

-- CreateIndex
CREATE INDEX "email_deliveries_digest_date_status_idx" ON "email_deliveries"("digest_date", "status");

-- CreateIndex
CREATE UNIQUE INDEX "email_deliveries_subscriber_id_digest_date_key" ON "email_deliveries"("subscriber_id", "digest_date");

-- CreateIndex
CREATE UNIQUE INDEX "billing_subscriptions_stripe_subscription_id_key" ON "billing_subscriptions"("stripe_subscription_id");

-- CreateIndex
CREATE INDEX "billing_subscriptions_user_id_created_at_idx" ON "billing_subscriptions"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "billing_subscriptions_stripe_customer_id_idx" ON "billing_subscriptions"("stripe_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_stripe_invoice_id_key" ON "payments"("stripe_invoice_id");

-- CreateIndex
CREATE UNIQUE INDEX "payments_stripe_payment_intent_id_key" ON "payments"("stripe_payment_intent_id");

-- CreateIndex
CREATE INDEX "payments_user_id_created_at_idx" ON "payments"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "payments_subscription_id_idx" ON "payments"("subscription_id");

-- CreateIndex
CREATE UNIQUE INDEX "stripe_events_event_id_key" ON "stripe_events"("event_id");

-- CreateIndex
CREATE INDEX "stripe_events_type_created_at_idx" ON "stripe_events"("type", "created_at");

-- CreateIndex
CREATE INDEX "blog_posts_language_status_published_at_idx" ON "blog_posts"("language", "status", "published_at" DESC);

-- CreateIndex
CREATE INDEX "blog_posts_category_idx" ON "blog_posts"("category");

-- CreateIndex
CREATE UNIQUE INDEX "blog_posts_slug_language_key" ON "blog_posts"("slug", "language");

-- AddForeignKey
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_id_fkey" FOREIGN KEY ("id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "datasources" ADD CONSTRAINT "datasources_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_datasource_id_fkey" FOREIGN KEY ("datasource_id") REFERENCES "datasources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_datasource_id_fkey" FOREIGN KEY ("datasource_id") REFERENCES "datasources"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_favorite_datasources" ADD CONSTRAINT "user_favorite_datasources_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_favorite_datasources" ADD CONSTRAINT "user_favorite_datasources_datasource_id_fkey" FOREIGN KEY ("datasource_id") REFERENCES "datasources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_favorite_summaries" ADD CONSTRAINT "user_favorite_summaries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_favorite_summaries" ADD CONSTRAINT "user_favorite_summaries_summary_id_fkey" FOREIGN KEY ("summary_id") REFERENCES "summaries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "source_submissions" ADD CONSTRAINT "source_submissions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "source_submissions" ADD CONSTRAINT "source_submissions_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "source_submissions" ADD CONSTRAINT "source_submissions_reviewed_by_id_fkey" FOREIGN KEY ("reviewed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "processing_tasks" ADD CONSTRAINT "processing_tasks_datasource_id_fkey" FOREIGN KEY ("datasource_id") REFERENCES "datasources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "podcast_tasks" ADD CONSTRAINT "podcast_tasks_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_generation_queue" ADD CONSTRAINT "content_generation_queue_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_generation_queue" ADD CONSTRAINT "content_generation_queue_summary_id_fkey" FOREIGN KEY ("summary_id") REFERENCES "summaries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_generated_content" ADD CONSTRAINT "user_generated_content_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_generated_content" ADD CONSTRAINT "user_generated_content_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "content_generation_queue"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_generated_content" ADD CONSTRAINT "user_generated_content_summary_id_fkey" FOREIGN KEY ("summary_id") REFERENCES "summaries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_generated_content" ADD CONSTRAINT "user_generated_content_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "newsletter_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "topics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "newsletter_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "billing_subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
