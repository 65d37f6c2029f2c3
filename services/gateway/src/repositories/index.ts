import type { PrismaClient } from '@app/db';
import { createAdminRepository } from './admin.repository.ts';
import { createBillingRepository } from './billing.repository.ts';
import { createBlogRepository } from './blog.repository.ts';
import { createContentRepository } from './content.repository.ts';
import { createGenerationRepository } from './generation.repository.ts';
import { createHealthRepository } from './health.repository.ts';
import { createNewsletterRepository } from './newsletter.repository.ts';
import { createPasswordResetsRepository } from './password-resets.repository.ts';
import { createPipelineRepository } from './pipeline.repository.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { createUsersRepository } from './users.repository.ts';
import { createVerificationTokensRepository } from './verification-tokens.repository.ts';
import { createPodcastsRepository } from './podcasts.repository.ts';

export type Repositories = ReturnType<typeof createRepositories>;

export function createRepositories(prisma: PrismaClient) {
  return {
    health: createHealthRepository(prisma),
    pipeline: createPipelineRepository(prisma),
    podcasts: createPodcastsRepository(prisma),
    newsletter: createNewsletterRepository(prisma),
    content: createContentRepository(prisma),
    generation: createGenerationRepository(prisma),
    admin: createAdminRepository(prisma),
    blog: createBlogRepository(prisma),
    billing: createBillingRepository(prisma),
    users: createUsersRepository(prisma),
    profiles: createProfilesRepository(prisma),
    sessions: createSessionsRepository(prisma),
    verificationTokens: createVerificationTokensRepository(prisma),
    passwordResets: createPasswordResetsRepository(prisma),
  };
}
