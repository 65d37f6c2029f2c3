import { freePort } from '@app/testing';
import { benchDatabase } from '../lib/database.ts';
import { load } from '../lib/load.ts';
import { startGatewayProcess } from '../lib/process.ts';
import type { Figure, Scenario } from '../lib/types.ts';

const CONNECTIONS = 50;
/**
 * The list and search goals' concurrency, as for the summaries search: at 50 connections on two
 * cores a p99 is mostly connections ÷ throughput (the queue), not the time an answer takes.
 */
const PAGE_CONNECTIONS = 16;
const CATEGORIES = ['product', 'engineering', 'guides', 'company', 'general'];
/** In one post of 500: searches the trigram index narrows to a few rows. */
const RARE = { EN: 'zeppelin', ZH: '飞艇旅行' } as const;

type Case = { name: string; url: string };

/**
 * The public blog API with many posts: the list in pages of 20 (the first page, and a later one by
 * its cursor), the search over title, excerpt and tags in both languages (a term in every post, a
 * rare one, a two-character Chinese one below the trigram index's reach), and one post with its
 * related posts, against the gateway's own /healthz in the same run.
 */
export const blogScenario: Scenario = {
  name: 'blog',
  description:
    'blog paged list/search/post throughput and p99 with many published posts, against gateway /healthz',
  async run(context) {
    const seconds = context.full ? 15 : 5;
    const posts = context.full ? 5_000 : 500;
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_blog');
    context.log(`inserting ${posts} posts per language`);
    const now = Date.now();
    for (const language of ['EN', 'ZH'] as const) {
      const en = language === 'EN';
      await db.prisma.blogPost.createMany({
        data: Array.from({ length: posts }, (_, i) => ({
          slug: `post-${i}`,
          language,
          category: CATEGORIES[i % CATEGORIES.length]!,
          title: en
            ? `Post ${i} about ${i % 500 === 7 ? `a ${RARE.EN} ride` : i % 7 === 0 ? 'pricing' : 'shipping'} small products`
            : `第 ${i} 篇：${i % 500 === 7 ? `${RARE.ZH}的故事` : i % 7 === 0 ? '小产品的定价' : '发布小产品'}`,
          excerpt: en
            ? `Excerpt ${i}: notes on distribution, growth and building in public.`
            : `摘要 ${i}：关于分发、增长和公开构建的笔记。`,
          content: `<p>${(en ? 'Body text. ' : '正文内容。').repeat(200)}</p>`,
          tags: [`tag-${i % 50}`, en ? 'indie' : '独立开发', i % 3 === 0 ? 'Distribution' : 'growth'],
          status: 'published' as const,
          publishedAt: new Date(now - i * 3_600_000),
          readingTime: 1 + (i % 12),
          viewCount: (i * 37) % 1000,
        })),
      });
    }
    // As autovacuum would after such an insert: the planner's statistics, the visibility map.
    await db.prisma.$executeRawUnsafe('VACUUM ANALYZE blog_posts');
    const port = await freePort();
    const gateway = await startGatewayProcess({
      repoRoot: context.repoRoot,
      redisUrl: context.redisUrl,
      databaseUrl: db.url,
      port,
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      context.log('gateway /healthz (baseline)');
      const health = await load(`${base}/healthz`, { connections: CONNECTIONS, seconds });
      context.log('GET /api/blog/posts/post-42');
      const one = await load(`${base}/api/blog/posts/post-42?language=en`, {
        connections: CONNECTIONS,
        seconds,
      });

      // A later page: the cursor reached by following next_cursor from the first page.
      const listPath = '/api/blog/posts?language=en&category=guides&sort=popular';
      const laterPage = context.full ? 25 : 5;
      let cursor = '';
      for (let page = 1; page < laterPage; page += 1) {
        const response = await fetch(`${base}${listPath}${cursor ? `&cursor=${cursor}` : ''}`);
        const body = (await response.json()) as { data: unknown[]; next_cursor: string | null };
        if (!response.ok || body.data.length !== 20 || !body.next_cursor)
          throw new Error(`list page ${page}: ${response.status}, ${body.data?.length} posts`);
        cursor = body.next_cursor;
      }
      const cases: Case[] = [
        { name: 'list, first page (category + popular)', url: listPath },
        { name: `list, page ${laterPage} by cursor`, url: `${listPath}&cursor=${cursor}` },
        { name: 'search EN, a term in every post', url: '/api/blog/posts?language=en&q=distribution' },
        { name: `search EN, a rare term`, url: `/api/blog/posts?language=en&q=${RARE.EN}` },
        {
          name: 'search ZH, a rare substring',
          url: `/api/blog/posts?language=zh&q=${encodeURIComponent(RARE.ZH)}`,
        },
        {
          name: 'search ZH, two characters (no trigram)',
          url: `/api/blog/posts?language=zh&q=${encodeURIComponent('定价')}`,
        },
      ];
      // The gateway's JIT and the pool's prepared statements warm on the first case first.
      await load(`${base}${cases[0]!.url}`, { connections: PAGE_CONNECTIONS, seconds: 2 });
      const figures: Figure[] = [];
      let non2xx = one.non2xx;
      for (const c of cases) {
        context.log(`GET ${c.url}`);
        const result = await load(`${base}${c.url}`, { connections: PAGE_CONNECTIONS, seconds });
        non2xx += result.non2xx + result.errors;
        const ratio = result.requestsPerSecond / health.requestsPerSecond;
        figures.push(
          {
            scenario: 'blog',
            figure: `${c.name} (${posts} posts/language) throughput`,
            value: result.requestsPerSecond,
            unit: 'req/s',
            baseline: { label: 'gateway /healthz', value: health.requestsPerSecond },
            ratio,
            goal: '≥ 0.1 of /healthz',
            pass: ratio >= 0.1,
          },
          {
            scenario: 'blog',
            figure: `${c.name} p99 (${PAGE_CONNECTIONS} connections)`,
            value: result.p99,
            unit: 'ms',
            goal: '≤ 50 ms',
            pass: result.p99 <= 50,
          },
        );
      }
      if (non2xx > 0) throw new Error(`non-2xx answers or errors: ${non2xx}`);
      const ratio = one.requestsPerSecond / health.requestsPerSecond;
      return [
        ...figures,
        {
          scenario: 'blog',
          figure: 'one post + related throughput',
          value: one.requestsPerSecond,
          unit: 'req/s',
          baseline: { label: 'gateway /healthz', value: health.requestsPerSecond },
          ratio,
          goal: '≥ 0.1 of /healthz',
          pass: ratio >= 0.1,
        },
      ] satisfies Figure[];
    } finally {
      await gateway.stop();
      await db.drop();
    }
  },
};
