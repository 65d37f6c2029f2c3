import { createHash } from 'node:crypto';
import { type JobName, type JobPayload, SUMMARIZE_POSTS_MAX } from '@app/contracts';
import type { Datasource, PrismaClient } from '@app/db';
import type { Logger } from '@app/logger';
import type { EnqueueOptions } from '@app/queue';
import { createCrawlTasks } from '@app/tasks/crawl';
import { CrawlError, isCrawlError } from './errors.ts';
import { extractArticle } from './extract-article.ts';
import type { Fetcher } from './fetch/http-fetcher.ts';
import { feedLanguage } from './parse/feed-language.ts';
import { createSanitizer, type Sanitizer } from './parse/sanitizer.ts';
import { crawlStoreFor } from './crawl-store.ts';
import { checkIntervalSeconds, recordFailure } from './health.ts';
import { urlHash } from './parse/canonical-url.ts';
import { type CrawledPost, type CrawlerSettings, PLATFORM_CRAWLERS } from './platforms/index.ts';
import { existingHashes } from './store-posts.ts';

/** Platforms summarised as one summary per datasource and day rather than one per post. */
export const AGGREGATED_PLATFORMS: Set<string> = new Set<Datasource['platform']>([
  'reddit',
  'twitter_rss',
  'twitter',
]);

export type CrawlDeps = {
  prisma: PrismaClient;
  fetcher: Fetcher;
  settings: CrawlerSettings & { defaultIntervalSeconds: number };
  enqueue: <N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions) => Promise<string>;
  /** Many jobs of one name in one round trip (validated like enqueue); default: enqueue one by one. */
  enqueueMany?: <N extends JobName>(
    name: N,
    jobs: { payload: JobPayload<N>; options?: EnqueueOptions }[],
  ) => Promise<void>;
  /** The posts unfinished summarize jobs hold (null: a backlog), so the stuck-post sweep skips them. */
  queuedSummaryPosts?: () => Promise<Set<string> | null>;
  /** Sanitises the posts' HTML; default: inline, on the calling thread. */
  sanitizer?: Sanitizer;
  log: Logger;
  clock?: () => Date;
  /** Test hook: runs after the posts are stored, before summaries are queued (a crash simulated here must not duplicate anything). */
  afterStore?: () => Promise<void>;
};

const INLINE_SANITIZER = createSanitizer({ threads: 0 });

export type CrawlOutcome =
  | { status: 'skipped'; reason: 'missing' | 'inactive' }
  | { status: 'not_modified' }
  | { status: 'ok'; found: number; inserted: number; updated: number; summariesQueued: number }
  | { status: 'failed'; errorClass: CrawlError['errorClass']; message: string };

export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * One crawl of one datasource: fetch (conditionally), parse, store posts, queue summaries,
 * record health and the processing task. Expected source failures (CrawlError) are recorded and
 * returned, never thrown: the queue must not hammer a failing source, the health backoff decides
 * when to try again. Anything else (database down) throws and the job is retried.
 */
export async function crawlDatasource(
  deps: CrawlDeps,
  input: { datasourceId: string; taskId?: string; requestId?: string; force?: boolean },
): Promise<CrawlOutcome> {
  const { prisma, log } = deps;
  const now = deps.clock?.() ?? new Date();
  // Concurrent crawls on this client share their statements (crawl-store.ts).
  const store = crawlStoreFor(prisma);
  const tasks = createCrawlTasks(prisma);
  let datasource = await store.loadDatasource(input.datasourceId);
  if (!datasource) return { status: 'skipped', reason: 'missing' };
  if (!datasource.isActive && !input.force) return { status: 'skipped', reason: 'inactive' };
  // An admin/daily task is marked processing up front; a scheduled crawl writes its day's row when done.
  const taskId = input.taskId ? await tasks.start(datasource.id, input.taskId, now) : undefined;
  const task = { id: taskId, targetDate: utcDate(now) };
  const interval = checkIntervalSeconds(datasource, deps.settings.defaultIntervalSeconds);
  const config = (datasource.config ?? {}) as Record<string, unknown>;
  try {
    const result = await PLATFORM_CRAWLERS[datasource.platform]({
      datasource,
      config,
      fetcher: deps.fetcher,
      settings: deps.settings,
      log,
      now,
    });
    if (result.notModified) {
      // Nothing new: one write. Posts an interrupted run left pending are re-queued by the crawl-due tick.
      await store.recordSuccess({
        datasourceId: datasource.id,
        now,
        intervalSeconds: interval,
        validators: null,
        task: { ...task, postsFound: 0, metadata: { not_modified: true } },
      });
      return { status: 'not_modified' };
    }
    if (datasource.languageUnconfirmed) datasource = await confirmLanguage(prisma, datasource, result);
    const clean = await (deps.sanitizer ?? INLINE_SANITIZER).sanitize(
      result.posts.map((post) => ({ html: post.content, baseUrl: post.url })),
    );
    result.posts.forEach((post, i) => {
      post.content = clean[i]!;
    });
    await extractArticles(deps, datasource.id, result.posts);
    const stored = await store.storePosts(datasource.id, result.posts);
    await deps.afterStore?.();
    const pending = stored.filter((s) => s.pending).map((s) => s.id);
    const summariesQueued = await queueSummaries(deps, datasource, pending, now, input.requestId);
    const inserted = stored.filter((s) => s.inserted).length;
    const updated = stored.filter((s) => s.written && !s.inserted).length;
    await store.recordSuccess({
      datasourceId: datasource.id,
      now,
      intervalSeconds: interval,
      validators: { etag: result.etag, lastModified: result.lastModified },
      task: { ...task, postsFound: result.posts.length, metadata: { inserted, updated } },
    });
    log.info({ datasourceId: datasource.id, found: result.posts.length, inserted }, 'crawled');
    return {
      status: 'ok',
      found: result.posts.length,
      inserted,
      updated,
      summariesQueued,
    };
  } catch (error) {
    if (!isCrawlError(error)) throw error;
    const health = await recordFailure(prisma, datasource, now, interval, error);
    const failedTaskId = taskId ?? (await tasks.start(datasource.id, undefined, now));
    await tasks.fail(failedTaskId, {
      errorMessage: `${error.errorClass}: ${error.message}`.slice(0, 1000),
    });
    log.warn(
      { datasourceId: datasource.id, errorClass: error.errorClass, err: error, ...health },
      'crawl failed',
    );
    return { status: 'failed', errorClass: error.errorClass, message: error.message };
  }
}

/**
 * A source imported without a language gets the feed's own on its first crawl that tells it (what it
 * declares, else its text's script), before any of its summaries is queued; a source given a language
 * keeps it.
 */
async function confirmLanguage(
  prisma: PrismaClient,
  datasource: Datasource,
  result: { posts: CrawledPost[]; language?: string | null },
): Promise<Datasource> {
  const texts = result.posts.flatMap((post) => [post.title, post.content]);
  const language = feedLanguage(result.language, texts);
  if (!language) return datasource;
  await prisma.datasource.update({
    where: { id: datasource.id },
    data: { language, languageUnconfirmed: false },
  });
  return { ...datasource, language, languageUnconfirmed: false };
}

async function extractArticles(deps: CrawlDeps, datasourceId: string, posts: CrawledPost[]): Promise<void> {
  const wanted = posts.filter((p) => p.needsExtraction && /^https?:/.test(p.url));
  if (wanted.length === 0) return;
  // Only new posts: a known article was extracted when it first arrived.
  const known = await existingHashes(
    deps.prisma,
    datasourceId,
    wanted.map((p) => urlHash(p.url)),
  );
  const fresh = wanted.filter((p) => !known.has(urlHash(p.url))).slice(0, deps.settings.extractMaxPerCrawl);
  const limit = { timeoutMs: deps.settings.timeoutMs, maxBytes: deps.settings.maxBytes };
  for (let i = 0; i < fresh.length; i += 4) {
    await Promise.all(
      fresh.slice(i, i + 4).map(async (post) => {
        const html = await extractArticle(deps.fetcher, post.url, limit);
        if (html) {
          post.content = html;
          post.metadata = { ...post.metadata, extracted: 'readability' };
        }
      }),
    );
  }
  for (const post of posts) delete post.needsExtraction;
}

/**
 * Queues summaries for this crawl's posts that still wait for one (new ones, and any an
 * interrupted run stored without queueing). Job ids are deterministic, so a retried crawl queues nothing twice.
 */
export async function queueSummaries(
  deps: CrawlDeps,
  datasource: Datasource,
  pendingPostIds: string[],
  now: Date,
  requestId?: string,
): Promise<number> {
  if (pendingPostIds.length === 0) return 0;
  if (AGGREGATED_PLATFORMS.has(datasource.platform)) {
    const date = utcDate(now);
    await deps.enqueue(
      'summarize-datasource-day',
      { datasourceId: datasource.id, date, requestId },
      // One job per datasource, day and batch of posts: a retry of the same crawl is a no-op.
      { jobId: `day-${datasource.id}-${date}-${pendingPostIds.length}-${pendingPostIds.at(-1)}` },
    );
    return 1;
  }
  // One job per crawl (per SUMMARIZE_POSTS_MAX posts), not one per post: a feed of 20 items costs
  // one queue write instead of twenty. Its id is the set of posts, so a retried crawl that finds
  // the same posts pending queues nothing new.
  const jobs = chunks([...pendingPostIds].sort(), SUMMARIZE_POSTS_MAX).map((postIds) => ({
    payload: { postIds, language: datasource.language, requestId },
    options: { jobId: `posts-${datasource.language}-${postIds.length}-${idsDigest(postIds)}` },
  }));
  if (deps.enqueueMany) {
    await deps.enqueueMany('summarize-posts', jobs);
  } else {
    for (const job of jobs) await deps.enqueue('summarize-posts', job.payload, job.options);
  }
  return pendingPostIds.length;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function idsDigest(ids: string[]): string {
  return createHash('sha256').update(ids.join(',')).digest('base64url').slice(0, 22);
}

export { CrawlError };
