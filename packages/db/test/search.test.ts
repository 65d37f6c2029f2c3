import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { createPrismaClient } from '../src/client.ts';
import { migrate } from '../src/migrate.ts';
import { seed } from '../src/seed.ts';
import { summaryTextMatch } from '../src/summary-search.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

describe('summary search indexes', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.url);
    prisma = createPrismaClient(db.url);
    await seed(prisma, { demoSummaries: false });
    const topic = await prisma.topic.findUniqueOrThrow({ where: { slug: 'ai-agents-apps' } });
    await prisma.summary.createMany({
      data: [
        {
          headline: 'Agents learn to browse',
          content: 'Researchers released autonomous agents that browse websites and book flights.',
          summaryType: 'blog_post',
          language: 'EN',
          topicId: topic.id,
        },
        {
          headline: '智能体新进展',
          content: '研究人员发布了能够自主浏览网页并预订机票的人工智能代理。',
          summaryType: 'wechat_post',
          language: 'ZH',
          topicId: topic.id,
        },
        ...Array.from({ length: 200 }, (_, i) => ({
          headline: `Filler ${i}`,
          content: `Unrelated text number ${i} about gardening and 园艺 ${i}`,
          summaryType: 'blog_post' as const,
          language: (i % 2 ? 'EN' : 'ZH') as 'EN' | 'ZH',
        })),
      ],
    });
    await prisma.$executeRawUnsafe('ANALYZE summaries');
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('has pg_trgm and both GIN indexes', async () => {
    const ext = await prisma.$queryRaw<
      { extname: string }[]
    >`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`;
    expect(ext).toHaveLength(1);
    const indexes = await prisma.$queryRaw<{ indexname: string; indexdef: string }[]>`
      SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'summaries' AND indexname LIKE 'summaries_search_%'`;
    const defs = Object.fromEntries(indexes.map((i) => [i.indexname, i.indexdef]));
    expect(defs.summaries_search_en_idx).toMatch(/USING gin \(to_tsvector\('english'::regconfig/);
    expect(defs.summaries_search_trgm_idx).toMatch(/gin_trgm_ops/);
  });

  it('finds the English summary by stemmed words', async () => {
    const rows = await prisma.$queryRaw<{ headline: string }[]>`
      SELECT headline FROM summaries WHERE language = 'EN' AND ${summaryTextMatch('agent browsing', 'EN')}`;
    expect(rows.map((r) => r.headline)).toEqual(['Agents learn to browse']);
  });

  it('finds the Chinese summary by a substring', async () => {
    const rows = await prisma.$queryRaw<{ headline: string }[]>`
      SELECT headline FROM summaries WHERE language = 'ZH' AND ${summaryTextMatch('预订机票', 'ZH')}`;
    expect(rows.map((r) => r.headline)).toEqual(['智能体新进展']);
  });

  it('treats LIKE wildcards in the search text literally', async () => {
    const rows = await prisma.$queryRaw<
      unknown[]
    >`SELECT 1 FROM summaries WHERE ${summaryTextMatch('%%%%', 'ZH')}`;
    expect(rows).toHaveLength(0);
  });

  it('lets the planner use the indexes for those queries', async () => {
    const plans = await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      const explain = async (match: Prisma.Sql) => {
        const rows = await tx.$queryRaw<
          { 'QUERY PLAN': string }[]
        >`EXPLAIN SELECT id FROM summaries WHERE ${match}`;
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      return {
        en: await explain(summaryTextMatch('agents', 'EN')),
        zh: await explain(summaryTextMatch('预订机票', 'ZH')),
      };
    });
    expect(plans.en).toContain('summaries_search_en_idx');
    expect(plans.zh).toContain('summaries_search_trgm_idx');
  });
});
