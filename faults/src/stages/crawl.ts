import { QUEUE_NAMES } from '@app/contracts';
import type { StageContext, Stage } from '../stage.ts';

/** Posts in each feed the run's feed server serves (startSlowFeeds). */
export const POSTS_PER_FEED = 5;

/**
 * Crawl: an admin starts a crawl of 40 blog feeds (POST /api/admin/crawl: one processing task and one
 * crawl job each); every feed has 5 posts, and every new post is queued for a summary. Done: 40
 * completed tasks, 200 posts, each summarised once.
 */
export function crawlStage(options: { feeds?: number; gateway?: number } = {}): Stage {
  const FEEDS = options.feeds ?? 40;
  let topicId = '';
  let datasourceIds: string[] = [];
  const tasks = (ctx: StageContext) =>
    ctx.prisma.processingTask.findMany({
      where: { datasourceId: { in: datasourceIds } },
      select: { id: true, status: true, datasourceId: true },
    });
  const summarised = (ctx: StageContext) =>
    ctx.prisma.summary.count({ where: { datasourceId: { in: datasourceIds } } });

  return {
    name: 'crawl',
    worker: 'crawler',
    queue: QUEUE_NAMES.crawl,
    jobs: FEEDS,
    unit: 'crawl tasks',
    async prepare(ctx) {
      const topic = await ctx.prisma.topic.create({ data: { slug: 'faults-crawl', name: 'Faults: crawl' } });
      topicId = topic.id;
      await ctx.prisma.datasource.createMany({
        data: Array.from({ length: FEEDS }, (_, i) => ({
          topicId,
          platform: 'blog' as const,
          sourceName: `Fault feed ${i}`,
          sourceUrl: ctx.feeds.url(i),
        })),
      });
      datasourceIds = (
        await ctx.prisma.datasource.findMany({ where: { topicId }, select: { id: true } })
      ).map((d) => d.id);
    },
    async trigger(ctx) {
      const gateway = ctx.product.baseUrls[options.gateway ?? 0] ?? ctx.product.baseUrl;
      const response = await fetch(`${gateway}/api/admin/crawl`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${(await ctx.login('admin')).token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ topicIds: [topicId] }),
      });
      const body = (await response.json()) as { tasksCreated?: number };
      if (response.status !== 200 || body.tasksCreated !== FEEDS) {
        throw new Error(`admin crawl answered ${response.status}: ${JSON.stringify(body)}`);
      }
    },
    done: async (ctx) => (await tasks(ctx)).filter((t) => t.status === 'completed').length,
    inFlight: async (ctx) => (await tasks(ctx)).filter((t) => t.status === 'processing').map((t) => t.id),
    complete: async (ctx) =>
      (await tasks(ctx)).every((t) => t.status === 'completed') &&
      (await summarised(ctx)) >= FEEDS * POSTS_PER_FEED,
    async verify(ctx, inFlightAtKill) {
      const all = await tasks(ctx);
      const posts = await ctx.prisma.post.findMany({
        where: { datasourceId: { in: datasourceIds } },
        select: { id: true, url: true, datasourceId: true, status: true },
      });
      const summaries = await ctx.prisma.summary.groupBy({
        by: ['postId'],
        where: { datasourceId: { in: datasourceIds } },
        _count: { _all: true },
      });
      const expectedUrls = new Set(
        datasourceIds.flatMap((_, feed) =>
          Array.from({ length: POSTS_PER_FEED }, (_, item) => ctx.feeds.itemUrl(feed, item)),
        ),
      );
      const postKeys = new Set(posts.map((p) => `${p.datasourceId} ${p.url}`));
      const foundUrls = new Set(posts.map((p) => p.url));
      const summariesPerPost = new Map(summaries.map((s) => [s.postId, s._count._all]));
      const tasksPerSource = new Set(all.map((t) => t.datasourceId));
      const completed = new Set(all.filter((t) => t.status === 'completed').map((t) => t.id));
      const taskDuplicates = all.length - tasksPerSource.size + (posts.length - postKeys.size);
      const summaryDuplicates = [...summariesPerPost.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
      const tasksLost =
        FEEDS - completed.size + [...expectedUrls].filter((url) => !foundUrls.has(url)).length;
      const summariesLost = posts.filter((p) => !summariesPerPost.has(p.id)).length;
      return {
        outputs: {
          'completed tasks': { expected: FEEDS, actual: completed.size },
          posts: { expected: FEEDS * POSTS_PER_FEED, actual: posts.length },
          summaries: {
            expected: FEEDS * POSTS_PER_FEED,
            actual: summaries.reduce((n, s) => n + s._count._all, 0),
          },
        },
        recovered: inFlightAtKill.filter((id) => completed.has(id)).length,
        duplicates: taskDuplicates + summaryDuplicates,
        lost: tasksLost + summariesLost,
        byService: {
          crawler: { duplicates: taskDuplicates, lost: tasksLost },
          summarizer: { duplicates: summaryDuplicates, lost: summariesLost },
        },
        notes: [],
      };
    },
  };
}
