import {
  createSqlRunner,
  type Language,
  Prisma,
  type PrismaClient,
  platformFromId,
  platformToId,
  type SqlRunner,
} from '@app/db';
import {
  SUMMARY_COLUMNS,
  SUMMARY_JOINS,
  type PageWindow,
  type PlanCheck,
  querySummaryPage,
  type SummaryFilters,
  type SummaryRow,
  toSummaryDto,
} from './summaries.sql.ts';
import { webUrls } from '../lib/web-urls.ts';

export type ContentRepository = ReturnType<typeof createContentRepository>;

const topicDto = (t: {
  id: string;
  slug: string;
  name: string;
  nameZh: string | null;
  description: string;
  descriptionZh: string | null;
  keywords: string[];
  isActive: boolean;
}) => ({
  id: t.id,
  slug: t.slug,
  name: t.name,
  name_zh: t.nameZh,
  description: t.description,
  description_zh: t.descriptionZh,
  keywords: t.keywords,
  is_active: t.isActive,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads for the reading experience; summaries go through raw SQL so search can use its indexes. */
export function createContentRepository(prisma: PrismaClient) {
  const run = createSqlRunner(prisma);
  return {
    async listTopics() {
      const rows = await prisma.topic.findMany({ where: { isActive: true }, orderBy: { name: 'asc' } });
      return rows.map(topicDto);
    },

    async findTopic(idOrSlug: string) {
      const row = await prisma.topic.findFirst({
        where: UUID.test(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug },
      });
      return row ? topicDto(row) : null;
    },

    async topicStats(language: Language, from: Date, to: Date) {
      const rows = await prisma.$queryRaw<{ topic_id: string; platform: string | null; n: number }[]>`
        SELECT s.topic_id, d.platform::text AS platform, count(*)::int AS n
        FROM summaries s LEFT JOIN datasources d ON d.id = s.datasource_id
        WHERE s.language = ${language}::"Language" AND s.created_at >= ${from} AND s.created_at <= ${to}
          AND s.topic_id IS NOT NULL
        GROUP BY 1, 2 ORDER BY 3 DESC`;
      const byTopic = new Map<string, { topic_id: string; count: number; platforms: string[] }>();
      for (const row of rows) {
        const entry = byTopic.get(row.topic_id) ?? { topic_id: row.topic_id, count: 0, platforms: [] };
        entry.count += row.n;
        if (row.platform) entry.platforms.push(row.platform);
        byTopic.set(row.topic_id, entry);
      }
      return [...byTopic.values()];
    },

    async listDatasources(filter: { language?: Language; topicId?: string }) {
      const rows = await prisma.datasource.findMany({
        where: {
          isActive: true,
          ...(filter.language ? { language: filter.language } : {}),
          ...(filter.topicId ? { topicId: filter.topicId } : {}),
        },
        include: { topic: true },
        orderBy: [{ platform: 'asc' }, { sourceName: 'asc' }],
      });
      return rows.map((d) => ({
        id: d.id,
        topic_id: d.topicId,
        platform: platformToId(d.platform),
        source_name: d.sourceName,
        source_url: d.sourceUrl,
        language: d.language,
        is_active: d.isActive,
        last_crawled_at: d.lastCrawledAt?.toISOString() ?? null,
        topic: { id: d.topic.id, name: d.topic.name, name_zh: d.topic.nameZh },
      }));
    },

    /** Summary count and newest summary per datasource, in one language. */
    async summaryCountsBySource(language: Language) {
      return prisma.$queryRaw<{ datasource_id: string; n: number; last: Date | null }[]>`
        SELECT datasource_id, count(*)::int AS n, max(created_at) AS last
        FROM summaries WHERE language = ${language}::"Language" AND datasource_id IS NOT NULL
        GROUP BY datasource_id`;
    },

    /**
     * The hot read path, on the client's pool (see sql-runner.ts): a source filter's lookup, then the
     * page's statements (querySummaryPage: one for a list, a match and a fetch by id for a search).
     */
    async listSummaries(filters: SummaryFilters, page: PageWindow, check?: PlanCheck) {
      const f = await resolveSources(run, filters);
      // Nothing to read; an unchecked plan is left for the caller to read (planHeld: false).
      if (f.datasourceIds?.length === 0) return { rows: [], total: 0, planHeld: !check };
      const { rows, total, planHeld } = await querySummaryPage(run, f, page, check);
      return { rows: rows.map(toSummaryDto), total, planHeld };
    },

    async findSummary(id: string) {
      const rows = await prisma.$queryRaw<
        (SummaryRow & {
          post_id: string | null;
          post_title: string | null;
          post_url: string | null;
          post_status: string | null;
          post_author: string | null;
        })[]
      >`SELECT ${SUMMARY_COLUMNS}, p.id AS post_id, p.title AS post_title, p.url AS post_url,
          p.status::text AS post_status, p.author AS post_author
        FROM summaries s ${SUMMARY_JOINS} LEFT JOIN posts p ON p.id = s.post_id
        WHERE s.id = ${id}::uuid`;
      const row = rows[0];
      if (!row) return null;
      return {
        ...toSummaryDto(row),
        post: row.post_id
          ? {
              id: row.post_id,
              title: row.post_title ?? '',
              url: row.post_url ?? '',
              status: row.post_status ?? '',
              author: row.post_author,
            }
          : null,
      };
    },

    async generatedContentForTopic(topicId: string) {
      const rows = await prisma.userGeneratedContent.findMany({
        where: { summary: { topicId } },
        include: { summary: { include: { datasource: { select: { sourceName: true } } } } },
        orderBy: { createdAt: 'desc' },
        take: 200,
      });
      return rows.map((g) => ({
        id: g.id,
        target_platform: g.targetPlatform,
        content: g.content,
        hashtags: g.hashtags,
        source_urls: webUrls(g.sourceUrls),
        created_at: g.createdAt.toISOString(),
        source_name: g.summary?.datasource?.sourceName ?? null,
      }));
    },

    async youtubeSources(filter: { language?: Language; sourceName?: string }) {
      const rows = await prisma.datasource.findMany({
        where: {
          platform: 'youtube',
          isActive: true,
          ...(filter.language ? { language: filter.language } : {}),
          ...(filter.sourceName ? { sourceName: filter.sourceName } : {}),
        },
        include: { topic: true, _count: { select: { summaries: true } } },
        orderBy: { sourceName: 'asc' },
      });
      return rows.map((d) => ({
        id: d.id,
        source_name: d.sourceName,
        source_url: d.sourceUrl,
        language: d.language,
        topic: { id: d.topic.id, name: d.topic.name, name_zh: d.topic.nameZh },
        summary_count: d._count.summaries,
      }));
    },

    /** A channel's summaries, oldest first (the newest 200 when there are more). */
    async youtubeSummaries(datasourceIds: string[], language: Language, from?: Date, to?: Date) {
      const range = Prisma.sql`${from ? Prisma.sql`AND s.created_at >= ${from}` : Prisma.empty} ${
        to ? Prisma.sql`AND s.created_at <= ${to}` : Prisma.empty
      }`;
      const rows = await prisma.$queryRaw<SummaryRow[]>`
        SELECT * FROM (
          SELECT ${SUMMARY_COLUMNS} FROM summaries s ${SUMMARY_JOINS}
          WHERE s.datasource_id = ANY(${datasourceIds}::uuid[]) AND s.language = ${language}::"Language"
            AND s.summary_type = 'youtube_video' ${range}
          ORDER BY s.created_at DESC LIMIT 200
        ) x ORDER BY created_at ASC, id ASC`;
      return rows.map(toSummaryDto);
    },

    // ── favourites ──
    async favoriteDatasources(userId: string) {
      const rows = await prisma.userFavoriteDatasource.findMany({
        where: { userId },
        include: { datasource: true },
        orderBy: { createdAt: 'desc' },
      });
      return rows.map((f) => ({
        id: f.id,
        created_at: f.createdAt.toISOString(),
        datasources: {
          id: f.datasource.id,
          source_name: f.datasource.sourceName,
          platform: platformToId(f.datasource.platform),
        },
      }));
    },
    datasourceExists: async (id: string) => (await prisma.datasource.count({ where: { id } })) > 0,
    summaryExists: async (id: string) => (await prisma.summary.count({ where: { id } })) > 0,
    addFavoriteDatasource: (userId: string, datasourceId: string) =>
      prisma.userFavoriteDatasource.createMany({ data: [{ userId, datasourceId }], skipDuplicates: true }),
    removeFavoriteDatasource: (userId: string, datasourceId: string) =>
      prisma.userFavoriteDatasource.deleteMany({ where: { userId, datasourceId } }),
    async favoriteSummaries(userId: string) {
      const rows = await prisma.userFavoriteSummary.findMany({
        where: { userId },
        orderBy: { createdAt: 'desc' },
      });
      return rows.map((f) => ({
        id: f.id,
        created_at: f.createdAt.toISOString(),
        summaries: { id: f.summaryId },
      }));
    },
    addFavoriteSummary: (userId: string, summaryId: string) =>
      prisma.userFavoriteSummary.createMany({ data: [{ userId, summaryId }], skipDuplicates: true }),
    removeFavoriteSummary: (userId: string, summaryId: string) =>
      prisma.userFavoriteSummary.deleteMany({ where: { userId, summaryId } }),

    // ── suggestions ──
    topicExists: async (id: string) => (await prisma.topic.count({ where: { id } })) > 0,
    /** false when this user already submitted the URL (unique user + url). */
    async createSubmission(row: {
      userId: string;
      topicId: string | null;
      topicCustom: string | null;
      platform: string;
      platformCustom: string | null;
      url: string;
    }): Promise<boolean> {
      const { count } = await prisma.sourceSubmission.createMany({ data: [row], skipDuplicates: true });
      return count === 1;
    },
  };
}

export { platformFromId };

/**
 * A source name or the caller's favourite sources, turned into datasource ids (see
 * SummaryFilters.datasourceIds); both together keep the ids in both. An empty list matches nothing.
 */
export async function resolveSources(run: SqlRunner, f: SummaryFilters): Promise<SummaryFilters> {
  const lookups = [
    f.sourceName && {
      name: 'datasources-by-name',
      text: 'SELECT id FROM datasources WHERE source_name = $1',
      values: [f.sourceName],
    },
    f.favoriteSourcesOfUser && {
      name: 'favourite-datasources',
      text: 'SELECT datasource_id AS id FROM user_favorite_datasources WHERE user_id = $1::uuid',
      values: [f.favoriteSourcesOfUser],
    },
  ].filter((lookup) => !!lookup);
  if (lookups.length === 0) return f;
  let ids: string[] | undefined;
  for (const lookup of lookups) {
    const found = (await run<{ id: string }>(lookup)).map((row) => row.id);
    ids = ids ? ids.filter((id) => found.includes(id)) : found;
  }
  return { ...f, datasourceIds: ids };
}
