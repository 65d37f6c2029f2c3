import {
  type Datasource,
  type Platform,
  type Prisma,
  type PrismaClient,
  platformFromId,
  platformToId,
} from '@app/db';

export type CrawlTaskFilter = {
  targetDate: string;
  topicIds?: string[];
  platforms?: string[];
  datasourceIds?: string[];
  forceCreate: boolean;
};

export type QueuedTask = { id: string; datasourceId: string; jobKey: string };

/** Crawl tasks (processing_tasks), clean-ups and source health for the admin API. */
export function createPipelineRepository(prisma: PrismaClient) {
  return {
    /**
     * A pending task per matching active datasource and date (master-scheduler). An existing
     * task is left alone unless forceCreate, which re-opens it. Returns the tasks to enqueue.
     */
    async createCrawlTasks(filter: CrawlTaskFilter): Promise<{ matched: number; tasks: QueuedTask[] }> {
      const targetDate = new Date(`${filter.targetDate}T00:00:00Z`);
      const platforms = filter.platforms
        ?.map((p) => platformFromId(p))
        .filter((p): p is Platform => p !== null);
      const datasources = await prisma.datasource.findMany({
        where: {
          isActive: true,
          ...(filter.topicIds?.length ? { topicId: { in: filter.topicIds } } : {}),
          ...(platforms?.length ? { platform: { in: platforms } } : {}),
          ...(filter.datasourceIds?.length ? { id: { in: filter.datasourceIds } } : {}),
        },
        select: { id: true },
      });
      const ids = datasources.map((d) => d.id);
      if (ids.length === 0) return { matched: 0, tasks: [] };
      return prisma.$transaction(async (tx) => {
        const existing = await tx.processingTask.findMany({
          where: { datasourceId: { in: ids }, targetDate },
          select: { id: true, datasourceId: true },
        });
        const have = new Set(existing.map((t) => t.datasourceId));
        await tx.processingTask.createMany({
          data: ids.filter((id) => !have.has(id)).map((datasourceId) => ({ datasourceId, targetDate })),
          skipDuplicates: true,
        });
        if (filter.forceCreate && existing.length) {
          await tx.processingTask.updateMany({
            where: { id: { in: existing.map((t) => t.id) } },
            data: { status: 'pending', errorMessage: null, completedAt: null },
          });
        }
        const wanted = filter.forceCreate ? ids : ids.filter((id) => !have.has(id));
        const tasks = await tx.processingTask.findMany({
          where: { datasourceId: { in: wanted }, targetDate },
          select: { id: true, datasourceId: true, updatedAt: true },
        });
        return { matched: ids.length, tasks: tasks.map(toQueued) };
      });
    },

    /** The oldest pending crawl tasks (process_pending_tasks). */
    async pendingTasks(limit: number): Promise<QueuedTask[]> {
      const tasks = await prisma.processingTask.findMany({
        where: { status: 'pending', datasource: { isActive: true } },
        orderBy: { createdAt: 'asc' },
        take: limit,
        select: { id: true, datasourceId: true, updatedAt: true },
      });
      return tasks.map(toQueued);
    },

    /** data-cleanup: crawl tasks, posts, summaries and generated content older than the cutoff. */
    async cleanupData(cutoff: Date) {
      return prisma.$transaction(async (tx) => {
        const generated = await tx.userGeneratedContent.deleteMany({ where: { createdAt: { lt: cutoff } } });
        const summaries = await tx.summary.deleteMany({ where: { createdAt: { lt: cutoff } } });
        const posts = await tx.post.deleteMany({ where: { createdAt: { lt: cutoff } } });
        const tasks = await tx.processingTask.deleteMany({ where: { createdAt: { lt: cutoff } } });
        return {
          processing_tasks: tasks.count,
          posts: posts.count,
          summaries: summaries.count,
          generated_content: generated.count,
        };
      });
    },

    /**
     * posts-cleanup: deletes crawled posts older than the cutoff that no longer wait for a summary;
     * their summaries and generated content stay, unlinked (ON DELETE SET NULL).
     */
    async cleanupPosts(cutoff: Date) {
      return prisma.$transaction(async (tx) => {
        const where: Prisma.PostWhereInput = {
          createdAt: { lt: cutoff },
          status: { notIn: ['pending', 'processing'] },
        };
        const ids = (await tx.post.findMany({ where, select: { id: true } })).map((p) => p.id);
        if (ids.length === 0) return { posts: 0, summariesUpdated: 0, generatedContentUpdated: 0 };
        const summariesUpdated = await tx.summary.count({ where: { postId: { in: ids } } });
        const generatedContentUpdated = await tx.userGeneratedContent.count({
          where: { postId: { in: ids } },
        });
        const deleted = await tx.post.deleteMany({ where: { id: { in: ids } } });
        return { posts: deleted.count, summariesUpdated, generatedContentUpdated };
      });
    },

    async sourceHealth(filter: { platform?: string }) {
      const platform = filter.platform ? platformFromId(filter.platform) : undefined;
      return prisma.datasource.findMany({
        where: platform ? { platform } : {},
        orderBy: [{ consecutiveFailures: 'desc' }, { sourceName: 'asc' }],
      });
    },
  };
}

function toQueued(task: { id: string; datasourceId: string; updatedAt: Date }): QueuedTask {
  // The job id changes whenever the task is re-opened, and repeats while it waits: no double crawl.
  return {
    id: task.id,
    datasourceId: task.datasourceId,
    jobKey: `task-${task.id}-${task.updatedAt.getTime()}`,
  };
}

export type HealthState = 'healthy' | 'failing' | 'stale' | 'never_crawled' | 'inactive';

/** Same rule as the crawler's: config.check_interval, else daily for crawl_frequency 'daily', else an hour. */
function intervalSeconds(datasource: Datasource): number {
  const config = (datasource.config ?? {}) as Record<string, unknown>;
  const interval = Number(config.check_interval);
  if (Number.isFinite(interval) && interval >= 60) return interval;
  return config.crawl_frequency === 'daily' ? 86_400 : 3_600;
}

/**
 * A source's state for the admin: 'healthy' only while its last success is recent (within two
 * intervals plus an hour); an old success is 'stale', never shown as fresh.
 */
export function healthStateOf(datasource: Datasource, now: Date): HealthState {
  if (!datasource.isActive) return 'inactive';
  if (datasource.consecutiveFailures > 0) return 'failing';
  if (!datasource.lastSuccessAt) return 'never_crawled';
  const freshFor = (2 * intervalSeconds(datasource) + 3600) * 1000;
  return now.getTime() - datasource.lastSuccessAt.getTime() > freshFor ? 'stale' : 'healthy';
}

export function toSourceHealth(datasource: Datasource, now: Date) {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: datasource.id,
    source_name: datasource.sourceName,
    platform: platformToId(datasource.platform),
    topic_id: datasource.topicId,
    is_active: datasource.isActive,
    state: healthStateOf(datasource, now),
    last_crawled_at: iso(datasource.lastCrawledAt),
    last_success_at: iso(datasource.lastSuccessAt),
    last_error_at: iso(datasource.lastErrorAt),
    last_error_class: datasource.lastErrorClass,
    last_error_message: datasource.lastErrorMessage,
    consecutive_failures: datasource.consecutiveFailures,
    next_check_at: iso(datasource.nextCheckAt),
  };
}
