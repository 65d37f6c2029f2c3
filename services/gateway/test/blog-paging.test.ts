import { BLOG_PAGE_SIZE, type BlogPostSummary, type BlogSort } from '@app/contracts';
import { createSqlRunner } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBlogCursor } from '../src/lib/blog-cursor.ts';
import { type BlogListFilter, blogListStatement } from '../src/modules/blog/blog.repository.ts';
import { type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// The blog list in pages (issue 20): at most 20 posts an answer, keyset cursors that walk every
// sort order exactly once (ties on views, reading time and publication time broken by the id),
// malformed cursors refused with a 400, and the search served by its trigram index in both
// languages.

const POSTS = 2_000; // per language: enough rows for the planner's costs to mean something
const CATEGORIES = ['product', 'engineering', 'guides', 'company', 'general'];
const NOW = new Date('2026-11-20T12:00:00.000Z');

let gateway: Gateway;

beforeAll(async () => {
  gateway = await startGateway({}, { clock: () => NOW });
  for (const language of ['EN', 'ZH'] as const) {
    await gateway.db.prisma.blogPost.createMany({
      data: Array.from({ length: POSTS }, (_, i) => ({
        slug: `post-${i}`,
        language,
        category: CATEGORIES[i % CATEGORIES.length]!,
        title:
          language === 'EN'
            ? `Post ${i}: ${i % 400 === 7 ? 'a zeppelin ride' : 'shipping small products'}`
            : `第 ${i} 篇：${i % 400 === 7 ? '乘坐飞艇旅行的故事' : '独立开发者的增长笔记'}`,
        excerpt: language === 'EN' ? `Notes ${i} on distribution and growth.` : `关于分发与增长的笔记 ${i}。`,
        content: '<p>Body</p>',
        tags: [`tag-${i % 50}`, language === 'EN' ? 'indie' : '独立开发'],
        status: i % 97 === 3 ? ('draft' as const) : ('published' as const),
        // Four posts share each publication time, three share each view count and two each reading
        // time: only the id tells them apart. Some are scheduled after NOW and stay hidden.
        publishedAt: new Date(NOW.getTime() - (Math.floor(i / 4) - 5) * 60_000),
        viewCount: i % 3,
        readingTime: 1 + (i % 2),
      })),
    });
  }
  // As autovacuum does after such an insert: the planner's statistics.
  await gateway.db.prisma.$executeRawUnsafe('ANALYZE blog_posts');
});
afterAll(async () => {
  await gateway?.close();
});

type Page = {
  data: BlogPostSummary[];
  next_cursor: string | null;
  stats: { total: number; categories: string[] };
};

async function getPage(query: Record<string, string>) {
  const response = await gateway.app.inject({ method: 'GET', url: '/api/blog/posts', query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

/** Every page from the first, following next_cursor; each page checked to hold at most 20. */
async function walk(query: Record<string, string>) {
  const posts: BlogPostSummary[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Page = await getPage(cursor ? { ...query, cursor } : query);
    expect(page.data.length).toBeLessThanOrEqual(BLOG_PAGE_SIZE);
    if (page.next_cursor) expect(page.data).toHaveLength(BLOG_PAGE_SIZE);
    posts.push(...page.data);
    cursor = page.next_cursor;
    pages += 1;
    expect(pages).toBeLessThan(500);
  } while (cursor);
  return { posts, pages };
}

/** The published, visible posts in the sort's order as the database holds them (ids break ties). */
async function expected(language: 'EN' | 'ZH', sort: BlogSort, where: { category?: string } = {}) {
  const rows = await gateway.db.prisma.blogPost.findMany({
    where: { language, status: 'published', publishedAt: { lte: NOW }, ...where },
    select: { id: true, publishedAt: true, viewCount: true, readingTime: true },
  });
  const time = (row: (typeof rows)[number]) => row.publishedAt!.getTime();
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const order: Record<BlogSort, (a: (typeof rows)[number], b: (typeof rows)[number]) => number> = {
    newest: (a, b) => time(b) - time(a) || byId(b, a),
    oldest: (a, b) => time(a) - time(b) || byId(a, b),
    popular: (a, b) => b.viewCount - a.viewCount || time(b) - time(a) || byId(b, a),
    reading_time: (a, b) => a.readingTime - b.readingTime || time(b) - time(a) || byId(b, a),
  };
  return rows.sort(order[sort]).map((row) => row.id);
}

describe('GET /api/blog/posts in pages', () => {
  it('answers 20 posts at a time with a cursor for the rest', async () => {
    const first = await getPage({ language: 'en' });
    expect(first.data).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const visible = (await expected('EN', 'newest')).length;
    expect(first.stats.total).toBe(visible);
    const second = await getPage({ language: 'en', cursor: first.next_cursor! });
    expect(second.data).toHaveLength(BLOG_PAGE_SIZE);
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
    // The stats describe the whole language on every page.
    expect(second.stats.total).toBe(visible);
  });

  it('counts a post an admin publishes in the stats at once', async () => {
    const before = (await getPage({ language: 'en' })).stats.total;
    const admin = await signedInUser(gateway, { role: 'admin' }, 'admin');
    const created = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      headers: admin.headers,
      payload: {
        slug: 'fresh-post',
        language: 'en',
        category: 'news',
        title: 'Fresh',
        content: 'x',
        status: 'published',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await getPage({ language: 'en' });
    expect(after.stats.total).toBe(before + 1);
    expect(after.stats.categories).toContain('news');
    // Published at NOW like four seeded posts: among the first five (the id orders equal times).
    expect(after.data.slice(0, 5).map((p) => p.slug)).toContain('fresh-post');
    await gateway.db.prisma.blogPost.delete({ where: { id: created.json().id } });
  });

  it.each(['newest', 'oldest', 'popular', 'reading_time'] as const)(
    'walks every published post exactly once, sorted %s',
    async (sort) => {
      const { posts, pages } = await walk({ language: 'zh', sort });
      const ids = posts.map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(await expected('ZH', sort));
      expect(pages).toBe(Math.ceil(ids.length / BLOG_PAGE_SIZE));
      expect(posts.every((p) => p.language === 'zh' && p.published_at! <= NOW.toISOString())).toBe(true);
    },
  );

  it('walks a category, and a search, exactly once', async () => {
    const { posts } = await walk({ language: 'en', sort: 'popular', category: 'guides' });
    expect(posts.map((p) => p.id)).toEqual(await expected('EN', 'popular', { category: 'guides' }));

    const search = await walk({ language: 'en', sort: 'reading_time', q: 'ZEPPELIN' });
    expect(search.posts.length).toBeGreaterThan(0);
    expect(search.posts.every((p) => p.title.includes('zeppelin'))).toBe(true);
    const wanted = await gateway.db.prisma.blogPost.count({
      where: {
        language: 'EN',
        status: 'published',
        publishedAt: { lte: NOW },
        title: { contains: 'zeppelin' },
      },
    });
    expect(search.posts).toHaveLength(wanted);
  });

  it('finds Chinese posts by a substring, long or short', async () => {
    const trip = await walk({ language: 'zh', q: '飞艇旅行' });
    expect(trip.posts.length).toBeGreaterThan(0);
    expect(trip.posts.every((p) => p.title.includes('乘坐飞艇旅行的故事'))).toBe(true);
    // Two characters have no trigram: found through the two-character index, in any case.
    const short = await getPage({ language: 'zh', q: '飞艇' });
    expect(short.data.map((p) => p.id).sort()).toEqual(trip.posts.map((p) => p.id).sort());
    expect((await getPage({ language: 'en', q: 'Ze' })).data.length).toBeGreaterThan(0);
    // Tags are searched one by one.
    const tag = await getPage({ language: 'zh', q: '独立开发' });
    expect(tag.data).toHaveLength(BLOG_PAGE_SIZE);
    // Never across the line between title and excerpt.
    expect((await getPage({ language: 'zh', q: '故事\n关于' })).data).toEqual([]);
  });

  it('refuses a cursor no page gave with a 400, never a 500', async () => {
    const first = await getPage({ language: 'en', sort: 'newest' });
    const bad = [
      'not a cursor!',
      'x'.repeat(201),
      'abc',
      Buffer.from('{"s":"newest"').toString('base64url'),
      Buffer.from('[1,2,3]').toString('base64url'),
      Buffer.from(JSON.stringify({ s: 'newest', t: 'soon', i: 'x' })).toString('base64url'),
      Buffer.from(JSON.stringify({ s: 'newest', t: 1, i: 'not-a-uuid' })).toString('base64url'),
      Buffer.from(JSON.stringify({ s: 'newest', t: -5, i: first.data[0]!.id })).toString('base64url'),
      Buffer.from(JSON.stringify({ s: 'newest', t: 1e300, i: first.data[0]!.id })).toString('base64url'),
      // popular needs the view count; newest has none.
      encodeBlogCursor('popular', { t: 1, i: first.data[0]!.id }),
      encodeBlogCursor('newest', { t: 1, k: 3, i: first.data[0]!.id }),
    ];
    for (const cursor of bad) {
      const response = await gateway.app.inject({
        method: 'GET',
        url: '/api/blog/posts',
        query: { language: 'en', sort: 'popular', cursor },
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.message).toBe('Invalid page cursor');
    }
    // A newest cursor does not continue another order.
    const wrongSort = await gateway.app.inject({
      method: 'GET',
      url: '/api/blog/posts',
      query: { language: 'en', sort: 'oldest', cursor: first.next_cursor! },
    });
    expect(wrongSort.statusCode).toBe(400);
  });
});

describe('the statements', () => {
  async function plan(filter: BlogListFilter) {
    const statement = blogListStatement(filter, NOW);
    const run = createSqlRunner(gateway.db.prisma);
    const rows = await run<{ 'QUERY PLAN': string }>({
      text: `EXPLAIN ${statement.text}`,
      values: statement.values,
    });
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  it('search through the trigram index in English and Chinese', async () => {
    expect(await plan({ language: 'en', sort: 'newest', q: 'zeppelin' })).toContain(
      'blog_posts_search_trgm_idx',
    );
    expect(await plan({ language: 'zh', sort: 'popular', q: '飞艇旅行' })).toContain(
      'blog_posts_search_trgm_idx',
    );
  });

  it('search two characters, which have no trigram, through the two-character index', async () => {
    expect(await plan({ language: 'zh', sort: 'newest', q: '飞艇' })).toContain(
      'blog_posts_search_bigrams_idx',
    );
    expect(await plan({ language: 'en', sort: 'newest', q: 'ZE' })).toContain(
      'blog_posts_search_bigrams_idx',
    );
  });

  it('match two characters by the bigram alone, so the planner sees how many posts hold them', async () => {
    // With an ILIKE beside it, the one condition counted twice: a term in one post of seven was
    // expected in a handful, and every match was read and sorted instead of walking the sort order.
    const short = blogListStatement({ language: 'zh', sort: 'newest', q: '定价' }, NOW).text;
    expect(short).toContain('search_bigrams @>');
    expect(short).not.toContain('ILIKE');
    // A line break in the term: the per-field check stays (never across title and excerpt).
    const broken = blogListStatement({ language: 'zh', sort: 'newest', q: '事\n' }, NOW).text;
    expect(broken).toContain('search_bigrams @>');
    expect(broken).toContain('title ILIKE');
  });

  it('start a later page at the cursor in the sort index, not by skipping rows', async () => {
    const after = { t: NOW.getTime() - 100 * 60_000, k: 1, i: '00000000-0000-4000-8000-000000000000' };
    const popular = await plan({ language: 'en', sort: 'popular', after });
    expect(popular).toContain('blog_posts_language_status_view_count_published_at_id_idx');
    expect(popular).toMatch(/Index Cond: .*ROW\(view_count, published_at, id\) </);
    const newest = await plan({ language: 'en', sort: 'newest', after: { t: after.t, i: after.i } });
    expect(newest).toContain('blog_posts_language_status_published_at_id_idx');
    expect(newest).toMatch(/Index Cond: .*ROW\(published_at, id\) </);
    const quick = await plan({ language: 'en', sort: 'reading_time', after });
    expect(quick).toContain('blog_posts_language_status_reading_time_published_at_id_idx');
    expect(quick).toMatch(/Index Cond: .*reading_time >= /);
  });
});
