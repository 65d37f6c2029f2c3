import type { PrismaClient } from '@app/db';
import { createAdminPodcastsRepository } from './podcasts/admin-podcasts.repository.ts';
import { createBillingRepository } from './billing/billing.repository.ts';
import { createBlogRepository } from './blog/blog.repository.ts';
import { createCleanupRepository } from './cleanup/cleanup.repository.ts';
import { createCrawlTasksRepository } from './crawl/crawl-tasks.repository.ts';
import { createDatasourcesRepository } from './datasources/datasources.repository.ts';
import { createDigestDueRepository } from './newsletter/digest-due.repository.ts';
import { createDigestsRepository } from './newsletter/digests.repository.ts';
import { createFavoritesRepository } from './favorites/favorites.repository.ts';
import { createFeedsRepository } from './feeds/feeds.repository.ts';
import { createFollowsRepository } from './reading/follows.repository.ts';
import { createGeneratedContentRepository } from './generation/generated-content.repository.ts';
import { createGenerationTasksRepository } from './generation/generation-tasks.repository.ts';
import { createHealthRepository } from './ops/health.repository.ts';
import { createNewsletterRepository } from './newsletter/newsletter.repository.ts';
import { createOpmlRepository } from './opml/opml.repository.ts';
import { createPasswordResetsRepository } from './auth/password-resets.repository.ts';
import { createPodcastsRepository } from './podcasts/podcasts.repository.ts';
import { createProfilesRepository } from './profile/profiles.repository.ts';
import { createReadsRepository } from './reading/reads.repository.ts';
import { createSessionsRepository } from './auth/sessions.repository.ts';
import { createSourceSubmissionsRepository } from './submissions/source-submissions.repository.ts';
import { createStoriesRepository } from './stories/stories.repository.ts';
import { createSummariesRepository } from './summaries/summaries.repository.ts';
import { createTopicsRepository } from './topics/topics.repository.ts';
import { createUsageRepository } from './usage/usage.repository.ts';
import { createUsersRepository } from './auth/users.repository.ts';
import { createVerificationTokensRepository } from './auth/verification-tokens.repository.ts';
import { createWebPagesRepository } from './web-pages/web-pages.repository.ts';

export type Repositories = ReturnType<typeof createRepositories>;

/** One repository per table (or outside system); only the services receive them. */
export function createRepositories(prisma: PrismaClient) {
  return {
    health: createHealthRepository(prisma),
    topics: createTopicsRepository(prisma),
    datasources: createDatasourcesRepository(prisma),
    summaries: createSummariesRepository(prisma),
    stories: createStoriesRepository(prisma),
    favorites: createFavoritesRepository(prisma),
    follows: createFollowsRepository(prisma),
    reads: createReadsRepository(prisma),
    feeds: createFeedsRepository(prisma),
    opml: createOpmlRepository(prisma),
    sourceSubmissions: createSourceSubmissionsRepository(prisma),
    crawlTasks: createCrawlTasksRepository(prisma),
    cleanup: createCleanupRepository(prisma),
    generationTasks: createGenerationTasksRepository(prisma),
    generatedContent: createGeneratedContentRepository(prisma),
    podcasts: createPodcastsRepository(prisma),
    adminPodcasts: createAdminPodcastsRepository(prisma),
    newsletter: createNewsletterRepository(prisma),
    digests: createDigestsRepository(prisma),
    digestDue: createDigestDueRepository(prisma),
    blog: createBlogRepository(prisma),
    billing: createBillingRepository(prisma),
    usage: createUsageRepository(prisma),
    users: createUsersRepository(prisma),
    profiles: createProfilesRepository(prisma),
    sessions: createSessionsRepository(prisma),
    verificationTokens: createVerificationTokensRepository(prisma),
    passwordResets: createPasswordResetsRepository(prisma),
    webPages: createWebPagesRepository(prisma),
  };
}
