import { freePort } from '@app/testing';
import { benchDatabase } from '../lib/database.ts';
import { load } from '../lib/load.ts';
import { startGatewayProcess } from '../lib/process.ts';
import type { Figure, Scenario } from '../lib/types.ts';

const CONNECTIONS = 50;
const CATEGORIES = ['product', 'engineering', 'guides', 'company', 'general'];

/**
 * The public blog API with many posts: the list (sorted, filtered, searched over title, excerpt
 * and tags) and one post with its related posts, against the gateway's own /healthz in the same run.
 */
export const blogScenario: Scenario = {
  name: 'blog',
  description: 'blog list/search/post throughput with many published posts, against gateway /healthz',
  async run(context) {
    const seconds = context.full ? 15 : 5;
    const posts = context.full ? 5_000 : 500;
    const db = await benchDatabase(context.databaseAdminUrl, 'bench_blog');
    context.log(`inserting ${posts} posts per language`);
    const now = Date.now();
    for (const language of ['EN', 'ZH'] as const) {
      await db.prisma.blogPost.createMany({
        data: Array.from({ length: posts }, (_, i) => ({
          slug: `post-${i}`,
          language,
          category: CATEGORIES[i % CATEGORIES.length]!,
          title: `Post ${i} about ${i % 7 === 0 ? 'pricing' : 'shipping'} small products`,
          excerpt: `Excerpt ${i}: notes on distribution, growth and building in public.`,
          content: `<p>${'Body text. '.repeat(200)}</p>`,
          tags: [`tag-${i % 50}`, 'indie', i % 3 === 0 ? 'Distribution' : 'growth'],
          status: 'published' as const,
          publishedAt: new Date(now - i * 3_600_000),
          readingTime: 1 + (i % 12),
          viewCount: (i * 37) % 1000,
        })),
      });
    }
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
      // The post page before the list and search: their slowest answers (seconds at 5,000 posts, no
      // paging) are still being computed after their load ends and would eat into the next figure.
      context.log('GET /api/blog/posts/post-42');
      const one = await load(`${base}/api/blog/posts/post-42?language=en`, {
        connections: CONNECTIONS,
        seconds,
      });
      context.log('GET /api/blog/posts?category=guides&sort=popular');
      const list = await load(`${base}/api/blog/posts?language=en&category=guides&sort=popular`, {
        connections: CONNECTIONS,
        seconds,
      });
      context.log('GET /api/blog/posts?q=distribution');
      const search = await load(`${base}/api/blog/posts?language=en&q=distribution`, {
        connections: CONNECTIONS,
        seconds,
      });
      const non2xx = list.non2xx + search.non2xx + one.non2xx;
      if (non2xx > 0) throw new Error(`non-2xx answers: ${non2xx}`);
      const ratio = one.requestsPerSecond / health.requestsPerSecond;
      return [
        {
          scenario: 'blog',
          figure: `list (${posts} posts/language, category + popular)`,
          value: list.requestsPerSecond,
          unit: 'req/s',
        },
        { scenario: 'blog', figure: 'list p99', value: list.p99, unit: 'ms' },
        {
          scenario: 'blog',
          figure: 'search over title, excerpt, tags',
          value: search.requestsPerSecond,
          unit: 'req/s',
        },
        { scenario: 'blog', figure: 'search p99', value: search.p99, unit: 'ms' },
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
