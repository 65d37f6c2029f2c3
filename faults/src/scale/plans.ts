import { QUEUE_NAMES } from '@app/contracts';
import type { KillPlan } from './kill.ts';

// What each worker service does in the day's run, and when one of its copies is killed: once 15% of
// its part is done (work items counted in PostgreSQL, where the product keeps what users see).

const ids = (keys: string[]) => ({ in: keys });

export function crawlerPlan(feeds: number): KillPlan {
  return {
    service: 'crawler',
    queue: QUEUE_NAMES.crawl,
    job: 'crawl-datasource',
    at: 0.15,
    progress: async ({ prisma }) => ({
      done: await prisma.processingTask.count({ where: { status: 'completed' } }),
      total: feeds,
    }),
    inHand: async (_ctx, jobs) => jobs.map((j) => (j.data as { taskId?: string }).taskId ?? j.id!),
    finished: ({ prisma }, keys) =>
      prisma.processingTask.count({ where: { id: ids(keys), status: 'completed' } }),
  };
}

/** The crawled posts' summaries (the crawler queues one summarize-posts job per crawl). */
export function summarizerPlan(posts: number): KillPlan {
  return {
    service: 'summarizer',
    queue: QUEUE_NAMES.summarize,
    job: 'summarize-posts',
    at: 0.15,
    progress: async ({ prisma }) => ({
      done: await prisma.summary.count({ where: { postId: { not: null } } }),
      total: posts,
    }),
    inHand: async (_ctx, jobs) => jobs.flatMap((j) => (j.data as { postIds: string[] }).postIds),
    finished: async ({ prisma }, keys) =>
      (await prisma.summary.groupBy({ by: ['postId'], where: { postId: ids(keys) } })).length,
  };
}

export function generationPlan(tasks: number): KillPlan {
  return {
    service: 'content-generation',
    queue: QUEUE_NAMES.generation,
    job: 'generate-content',
    at: 0.15,
    progress: async ({ prisma }) => ({
      done: await prisma.contentGenerationQueue.count({ where: { status: 'completed' } }),
      total: tasks,
    }),
    inHand: async (_ctx, jobs) => jobs.map((j) => (j.data as { taskId: string }).taskId),
    finished: ({ prisma }, keys) =>
      prisma.contentGenerationQueue.count({ where: { id: ids(keys), status: 'completed' } }),
  };
}

export function podcastPlan(podcasts: number): KillPlan {
  return {
    service: 'podcast',
    queue: QUEUE_NAMES.podcast,
    job: 'generate-podcast',
    at: 0.15,
    progress: async ({ prisma }) => ({
      done: await prisma.podcastTask.count({ where: { status: 'completed' } }),
      total: podcasts,
    }),
    inHand: async (_ctx, jobs) => jobs.map((j) => (j.data as { taskId: string }).taskId),
    finished: ({ prisma }, keys) =>
      prisma.podcastTask.count({ where: { id: ids(keys), status: 'completed' } }),
  };
}

/**
 * The 8 AM digest: one scheduled tick job sends every due digest, claiming each delivery row first,
 * and a tick on the other copy takes what is still unclaimed. A copy's share is the emails its SMTP
 * server accepted; what it holds at the kill is the rows claimed and not yet recorded ('sending').
 */
export function mailerPlan(subscribers: number): KillPlan {
  return {
    service: 'mailer',
    queue: QUEUE_NAMES.digest,
    job: 'digest-tick',
    at: 0.15,
    // The emails the SMTP servers accepted (what a copy's share is counted by, workOf), read in memory:
    // a look costs no query, so the kill loop sees the send grow one email at a time.
    progress: async ({ smtp }) => ({ done: smtp.messages.length, total: subscribers }),
    inHand: async ({ prisma }) =>
      (await prisma.emailDelivery.findMany({ where: { status: 'sending' }, select: { id: true } })).map(
        (row) => row.id,
      ),
    finished: ({ prisma }, keys) => prisma.emailDelivery.count({ where: { id: ids(keys), status: 'sent' } }),
    workOf: (ctx, copy) => ctx.smtpOf[copy]!.messages.length,
  };
}
