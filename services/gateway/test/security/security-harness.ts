import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PrismaClient } from '@app/db';
import { resolveUnsubscribeSecret, signUnsubscribeToken } from '@app/digest';
import { type FakeStripe, startFakeStripe } from '@app/testing';
import { type FakeGoogle, startFakeGoogle } from '../support/fake-google.ts';
import {
  bearer,
  type Gateway,
  signedInUser,
  startGateway,
  TEST_JWT_SECRET,
  uniqueEmail,
} from '../support/gateway-harness.ts';

/** Who calls: nobody, a free user, a Pro user (the owner of the fixtures), another Pro user, an admin. */
export const ROLES = ['visitor', 'free', 'pro', 'other', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type SignedIn = Exclude<Role, 'visitor'>;

export const PRICES = { monthly: 'price_sec_monthly', annual: 'price_sec_annual' };

export type SecurityStack = {
  gateway: Gateway;
  prisma: PrismaClient;
  stripe: FakeStripe;
  users: Record<SignedIn, { id: string; email: string; token: string }>;
  headers(role: Role): Record<string, string>;
  fx: Awaited<ReturnType<typeof insertFixtures>>;
  /** Fresh rows owned by `owner` (default the Pro user), for calls that change or delete them. */
  fresh: ReturnType<typeof freshFactory>;
  close(): Promise<void>;
};

/**
 * A gateway with every provider configured (fake Stripe, fake Google, podcast storage), one user per
 * role, and one of each resource, most of them owned by the Pro user ("pro") so that "other" is the
 * other user trying to reach them.
 */
export async function startSecurityStack(env: Record<string, string> = {}): Promise<SecurityStack> {
  const stripe = await startFakeStripe({
    prices: {
      [PRICES.monthly]: { unit_amount: 499, interval: 'month' },
      [PRICES.annual]: { unit_amount: 4999, interval: 'year' },
    },
  });
  const google: FakeGoogle = await startFakeGoogle();
  const storageDir = await mkdtemp(path.join(tmpdir(), 'gw-security-'));
  const gateway = await startGateway({
    STRIPE_SECRET_KEY: 'sk_test_security',
    STRIPE_WEBHOOK_SECRET: 'whsec_security',
    MAIL_WEBHOOK_SECRET: 'whsec_c2VjdXJpdHktbWFpbC13ZWJob29rLXNlY3JldA==',
    STRIPE_PRICE_MONTHLY: PRICES.monthly,
    STRIPE_PRICE_ANNUAL: PRICES.annual,
    STRIPE_API_BASE: stripe.url,
    ...google.env,
    STORAGE_DIR: storageDir,
    LOGIN_RATE_LIMIT: '1000',
    ...env,
  });
  const prisma = gateway.db.prisma;
  const make = async (label: SignedIn, options: { role?: 'admin'; plan?: 'pro' }) => {
    const user = await signedInUser(gateway, options, `sec-${label}`);
    return { id: user.id, email: user.email, token: user.accessToken };
  };
  const users = {
    free: await make('free', {}),
    pro: await make('pro', { plan: 'pro' }),
    other: await make('other', { plan: 'pro' }),
    admin: await make('admin', { role: 'admin' }),
  };
  const fx = await insertFixtures(prisma, users, stripe, storageDir);
  return {
    gateway,
    prisma,
    stripe,
    users,
    headers: (role) => (role === 'visitor' ? {} : bearer(users[role].token)),
    fx,
    fresh: freshFactory(prisma, users, fx, stripe),
    async close() {
      await gateway.close();
      await stripe.close();
      await google.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

type Users = Record<SignedIn, { id: string; email: string }>;

async function insertFixtures(prisma: PrismaClient, users: Users, stripe: FakeStripe, storageDir: string) {
  const topic = await prisma.topic.create({
    data: { name: 'Security', slug: 'security-matrix', nameZh: '安全', keywords: ['sec'] },
  });
  const datasource = await prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'blog',
      sourceName: 'Sec Blog',
      sourceUrl: 'https://sec.example.com/feed',
    },
  });
  const youtube = await prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'youtube',
      sourceName: 'Sec Tube',
      sourceUrl: 'https://www.youtube.com/channel/UCsec',
    },
  });
  const post = await prisma.post.create({
    data: {
      datasourceId: datasource.id,
      url: 'https://sec.example.com/a',
      urlHash: 'a'.repeat(64),
      title: 'A post',
      content: 'Body',
      status: 'summarized',
    },
  });
  const summary = await prisma.summary.create({
    data: {
      headline: 'Security headline',
      content: 'A summary.',
      summaryType: 'blog_post',
      language: 'EN',
      topicId: topic.id,
      datasourceId: datasource.id,
      postId: post.id,
      sourceUrls: ['https://sec.example.com/a'],
      metadata: { platform: 'blog', source_name: 'Sec Blog', topic_name: 'Security' },
    },
  });
  const publishedPost = await prisma.blogPost.create({
    data: {
      slug: 'sec-published',
      title: 'Published',
      content: 'Hello',
      status: 'published',
      publishedAt: new Date(),
    },
  });
  const draftPost = await prisma.blogPost.create({
    data: { slug: 'sec-draft', title: 'Draft', content: 'Secret draft', status: 'draft' },
  });
  const podcast = await prisma.podcastTask.create({
    data: {
      topicId: topic.id,
      targetDate: new Date('2026-02-02T00:00:00Z'),
      language: 'EN',
      status: 'completed',
      completedAt: new Date(),
      transcript: 'Transcript',
      metadata: { duration_seconds: 3 },
    },
  });
  const audioFile = path.join(storageDir, 'podcast-audio', podcast.id, 'final_podcast.mp3');
  await mkdir(path.dirname(audioFile), { recursive: true });
  await writeFile(audioFile, Buffer.alloc(2048, 1));
  const subscriber = await prisma.newsletterSubscriber.create({
    data: {
      email: uniqueEmail('sec-subscriber'),
      unsubscribeToken: `sec-${Date.now()}`,
      confirmedAt: new Date(),
      subscriptions: { create: { topicId: topic.id } },
    },
  });
  const unsubscribeToken = signUnsubscribeToken(
    resolveUnsubscribeSecret({ JWT_SECRET: TEST_JWT_SECRET }),
    subscriber,
  );
  const submission = await prisma.sourceSubmission.create({
    data: {
      userId: users.free.id,
      topicId: topic.id,
      platform: 'blog',
      url: 'https://suggested.example.com/rss',
    },
  });
  // The Pro user's own rows, which "other" must not reach.
  const favorites = await Promise.all([
    prisma.userFavoriteDatasource.create({ data: { userId: users.pro.id, datasourceId: datasource.id } }),
    prisma.userFavoriteSummary.create({ data: { userId: users.pro.id, summaryId: summary.id } }),
  ]);
  // A summary from before the free window (visitors and free users read yesterday and today only).
  const oldSummary = await prisma.summary.create({
    data: {
      headline: 'Old security headline',
      content: 'An older summary.',
      summaryType: 'blog_post',
      language: 'EN',
      topicId: topic.id,
      datasourceId: datasource.id,
      sourceUrls: ['https://sec.example.com/old'],
      createdAt: new Date(Date.now() - 5 * 86_400_000),
    },
  });
  const fx = { topic, datasource, youtube, post, summary, oldSummary, publishedPost, draftPost, podcast };
  // The Pro user's generated copy: a private draft (the default), one they published, and one published
  // from the old summary. Each task carries instructions that nobody but the owner may ever read.
  await prisma.userProfile.update({ where: { id: users.pro.id }, data: { displayName: 'Sec Author' } });
  const ownTask = await insertTask(prisma, users.pro.id, summary.id, 'completed', SECRETS.draftInput);
  const ownResult = await insertResult(prisma, users.pro.id, ownTask.id, summary.id, {
    content: SECRETS.draftContent,
  });
  const publishedTask = await insertTask(prisma, users.pro.id, summary.id, 'completed', SECRETS.input);
  const publishedResult = await insertResult(prisma, users.pro.id, publishedTask.id, summary.id, {
    content: 'Published copy of the security headline',
    published: true,
  });
  const oldTask = await insertTask(prisma, users.pro.id, oldSummary.id, 'completed', SECRETS.input);
  const oldPublishedResult = await insertResult(prisma, users.pro.id, oldTask.id, oldSummary.id, {
    content: 'Published copy of the old headline',
    published: true,
  });
  const subscription = await insertSubscription(prisma, stripe, users.pro.id);
  return {
    ...fx,
    subscriber,
    unsubscribeToken,
    submission,
    favorites,
    ownTask,
    ownResult,
    publishedTask,
    publishedResult,
    oldPublishedResult,
    subscription,
  };
}

/**
 * Text only the Pro user may read: their tasks' instructions (user_input) and their private draft.
 * No answer to anyone else, on any route, may contain them.
 */
export const SECRETS = {
  input: 'sec-user-input-of-a-published-result',
  draftInput: 'sec-user-input-of-a-private-draft',
  draftContent: 'sec-private-draft-copy',
};

export function insertTask(
  prisma: PrismaClient,
  userId: string,
  summaryId: string,
  status: 'pending' | 'failed' | 'completed',
  userInput: string | null = null,
) {
  return prisma.contentGenerationQueue.create({
    data: {
      userId,
      summaryId,
      status,
      targetPlatforms: ['twitter'],
      userInput,
      progress: status === 'pending' ? 0 : 100,
    },
  });
}

/** A task's result: private unless `published` (as the worker writes it, then as its author publishes it). */
export async function insertResult(
  prisma: PrismaClient,
  userId: string,
  taskId: string,
  summaryId: string,
  options: { content?: string; published?: boolean } = {},
) {
  const result = await prisma.userGeneratedContent.create({
    data: {
      userId,
      taskId,
      summaryId,
      targetPlatform: 'twitter',
      content: options.content ?? 'Private draft copy',
      publishedAt: options.published ? new Date() : null,
    },
  });
  await prisma.contentGenerationQueue.update({ where: { id: taskId }, data: { resultIds: [result.id] } });
  return result;
}

async function insertSubscription(prisma: PrismaClient, stripe: FakeStripe, userId: string) {
  const remote = stripe.createSubscription({ price: PRICES.monthly, metadata: { user_id: userId } });
  return prisma.billingSubscription.create({
    data: {
      userId,
      stripeSubscriptionId: remote.id,
      stripeCustomerId: String(remote.customer),
      stripePriceId: PRICES.monthly,
      plan: 'monthly',
      status: 'active',
      amountCents: 499,
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    },
  });
}

function freshFactory(
  prisma: PrismaClient,
  users: Users,
  fx: { summary: { id: string } },
  stripe: FakeStripe,
) {
  return {
    task: (status: 'pending' | 'failed' | 'completed', owner: SignedIn = 'pro') =>
      insertTask(prisma, users[owner].id, fx.summary.id, status),
    /** A completed task with one result, private unless `published`; the task holds `userInput`. */
    async result(owner: SignedIn = 'pro', options: { published?: boolean; userInput?: string } = {}) {
      const task = await insertTask(prisma, users[owner].id, fx.summary.id, 'completed', options.userInput);
      return insertResult(prisma, users[owner].id, task.id, fx.summary.id, { published: options.published });
    },
    subscription: (owner: SignedIn = 'pro') => insertSubscription(prisma, stripe, users[owner].id),
    async topic() {
      return prisma.topic.create({
        data: { name: `Disposable ${Math.random()}`, slug: `disposable-${Date.now()}-${Math.random()}` },
      });
    },
    async datasource(topicId: string) {
      return prisma.datasource.create({
        data: {
          topicId,
          platform: 'blog',
          sourceName: 'Disposable',
          sourceUrl: `https://disposable.example.com/${Date.now()}-${Math.random()}`,
        },
      });
    },
    async submission() {
      return prisma.sourceSubmission.create({
        data: {
          userId: users.free.id,
          platform: 'blog',
          url: `https://suggest.example.com/${Date.now()}-${Math.random()}`,
        },
      });
    },
  };
}
