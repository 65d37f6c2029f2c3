import type { PrismaClient } from '@app/db';
import { createAdminPodcastsRepository } from './admin-podcasts.repository.ts';
import { createBillingRepository } from './billing.repository.ts';
import { createBlogRepository } from './blog.repository.ts';
import { createCleanupRepository } from './cleanup.repository.ts';
import { createCrawlTasksRepository } from './crawl-tasks.repository.ts';
import { createDatasourcesRepository } from './datasources.repository.ts';
import { createDigestDueRepository } from './digest-due.repository.ts';
import { createDigestsRepository } from './digests.repository.ts';
import { createFavoritesRepository } from './favorites.repository.ts';
import { createFeedsRepository } from './feeds.repository.ts';
import { createFollowsRepository } from './follows.repository.ts';
import { createGeneratedContentRepository } from './generated-content.repository.ts';
import { createGenerationTasksRepository } from './generation-tasks.repository.ts';
import { createHealthRepository } from './health.repository.ts';
import { createNewsletterRepository } from './newsletter.repository.ts';
import { createOpmlRepository } from './opml.repository.ts';
import { createPasswordResetsRepository } from './password-resets.repository.ts';
import { createPodcastsRepository } from './podcasts.repository.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import { createReadsRepository } from './reads.repository.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { createSourceSubmissionsRepository } from './source-submissions.repository.ts';
import { createStoriesRepository } from './stories.repository.ts';
import { createSummariesRepository } from './summaries.repository.ts';
import { createTopicsRepository } from './topics.repository.ts';
import { createUsageRepository } from './usage.repository.ts';
import { createUsersRepository } from './users.repository.ts';
import { createVerificationTokensRepository } from './verification-tokens.repository.ts';
import { createWebPagesRepository } from './web-pages.repository.ts';

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
