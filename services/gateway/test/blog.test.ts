import { SEED_BLOG_POSTS, seedBlogPosts } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// The blog API (issue 9): published posts by language, filters, sort, search, related posts,
// the atomic view counter, and the admin editor's markdown rendering and sanitising.

let gateway: Gateway;
let admin: Record<string, string>;

beforeAll(async () => {
  gateway = await startGateway();
  expect(await seedBlogPosts(gateway.db.prisma)).toBe(SEED_BLOG_POSTS.length);
  expect(await seedBlogPosts(gateway.db.prisma)).toBe(0); // idempotent
  admin = (await signedInUser(gateway, { role: 'admin' }, 'admin')).headers;
});
afterAll(async () => {
  await gateway?.close();
});

const get = (url: string) => gateway.app.inject({ method: 'GET', url });
const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title);

async function createPost(body: Record<string, unknown>) {
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/api/admin/blog/posts',
    headers: admin,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('GET /api/blog/posts', () => {
  it('lists published posts of one language with stats', async () => {
    const en = (await get('/api/blog/posts?language=en')).json();
    const enSeed = SEED_BLOG_POSTS.filter((p) => p.language === 'EN');
    expect(en.data).toHaveLength(enSeed.length);
    expect(en.stats.total).toBe(enSeed.length);
    expect(en.stats.categories).toEqual([...new Set(enSeed.map((p) => p.category))].sort());
    const zh = (await get('/api/blog/posts?language=zh')).json();
    expect(zh.data.every((p: { language: string }) => p.language === 'zh')).toBe(true);
  });

  it('hides drafts and filters by category', async () => {
    await createPost({
      slug: 'secret-draft',
      language: 'en',
      category: 'product',
      title: 'Secret draft',
      content: 'x',
    });
    const product = (await get('/api/blog/posts?language=en&category=product')).json();
    expect(product.data.every((p: { category: string }) => p.category === 'product')).toBe(true);
    expect(titles(product)).not.toContain('Secret draft');
    expect(product.data.length).toBeGreaterThan(0);
  });

  it('searches title, excerpt and tags case-insensitively', async () => {
    expect(titles((await get('/api/blog/posts?language=en&q=RESPECT')).json())).toEqual([
      'Summaries that respect your time',
    ]);
    expect(titles((await get('/api/blog/posts?language=en&q=napkin')).json())).toEqual([]);
    // 'Distribution' is only a tag (and body text) of the reading list.
    expect(titles((await get('/api/blog/posts?language=en&q=distribUTION')).json())).toEqual([
      'An indie hacker reading list for the weekend',
    ]);
    // Excerpt only.
    expect(titles((await get('/api/blog/posts?language=en&q=coffee')).json())).toEqual([
      'Introducing the daily topic podcast',
    ]);
    // LIKE wildcards are literal.
    expect(titles((await get('/api/blog/posts?language=en&q=%25')).json())).toEqual([]);
  });

  it('sorts newest, oldest, popular and by reading time', async () => {
    const newest = (await get('/api/blog/posts?language=en&sort=newest')).json().data;
    const dates = newest.map((p: { published_at: string }) => p.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const oldest = (await get('/api/blog/posts?language=en&sort=oldest')).json().data;
    expect(oldest.map((p: { id: string }) => p.id)).toEqual(
      [...newest].reverse().map((p: { id: string }) => p.id),
    );
    const last = oldest[0];
    await gateway.db.prisma.blogPost.update({ where: { id: last.id }, data: { viewCount: 999 } });
    const popular = (await get('/api/blog/posts?language=en&sort=popular')).json().data;
    expect(popular[0].id).toBe(last.id);
    const quick = (await get('/api/blog/posts?language=en&sort=reading_time')).json().data;
    const minutes = quick.map((p: { reading_time: number }) => p.reading_time);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect((await get('/api/blog/posts?sort=random')).statusCode).toBe(400);
  });
});

describe('GET /api/blog/posts/:slug and the view counter', () => {
  it('returns a post in the asked language with up to 3 related posts', async () => {
    const response = await get('/api/blog/posts/how-we-pick-sources?language=zh');
    expect(response.statusCode).toBe(200);
    const { post, related } = response.json();
    expect(post.title).toBe('我们如何挑选每日精选的信息源');
    expect(
      related.every((r: { language: string; id: string }) => r.language === 'zh' && r.id !== post.id),
    ).toBe(true);
    for (const n of [1, 2, 3, 4]) {
      await createPost({
        slug: `product-note-${n}`,
        language: 'en',
        category: 'product',
        title: `Product note ${n}`,
        content: `Note ${n}`,
        status: 'published',
      });
    }
    const en = (await get('/api/blog/posts/how-we-pick-sources?language=en')).json();
    expect(en.related).toHaveLength(3);
    expect(en.related.every((r: { category: string }) => r.category === 'product')).toBe(true);
    // Newest first, and the post itself keeps its body and meta fields.
    const dates = en.related.map((r: { published_at: string }) => Date.parse(r.published_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(en.related.some((r: { title: string }) => r.title === 'Product note 4')).toBe(true);
    expect(en.post.content.length).toBeGreaterThan(0);
    expect(en.post).toHaveProperty('meta_title');
    expect((await get('/api/blog/posts/does-not-exist?language=en')).statusCode).toBe(404);
    expect((await get('/api/blog/posts/secret-draft?language=en')).statusCode).toBe(404);
  });

  it('counts concurrent views atomically', async () => {
    const { post } = (await get('/api/blog/posts/summaries-that-respect-your-time?language=en')).json();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        gateway.app.inject({ method: 'POST', url: `/api/blog/posts/${post.id}/view` }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const row = await gateway.db.prisma.blogPost.findUniqueOrThrow({ where: { id: post.id } });
    expect(row.viewCount).toBe(post.view_count + 20);
    const missing = await gateway.app.inject({
      method: 'POST',
      url: '/api/blog/posts/00000000-0000-4000-8000-000000000000/view',
    });
    expect(missing.statusCode).toBe(404);
    expect((await gateway.app.inject({ method: 'POST', url: '/api/blog/posts/nope/view' })).statusCode).toBe(
      400,
    );
  });
});

describe('admin editor', () => {
  it('renders markdown, sanitises HTML, computes reading time, stamps publication once', async () => {
    const md = await createPost({
      slug: 'markdown-post',
      language: 'en',
      category: 'guides',
      title: 'Markdown',
      content:
        '# Hello\n\nSome **bold** text and a [link](https://example.com).\n\n<script>alert(1)</script>',
      tags: ['a', 'b'],
    });
    expect(md.content).toContain('<h1>Hello</h1>');
    expect(md.content).toContain('<strong>bold</strong>');
    expect(md.content).not.toContain('<script');
    expect(md.reading_time).toBe(1);
    expect(md.status).toBe('draft');
    expect(md.published_at).toBeNull();

    const html = await createPost({
      slug: 'html-post',
      language: 'zh',
      category: 'guides',
      title: 'HTML',
      content_format: 'html',
      content: '<p onclick="steal()">Hi<img src="javascript:alert(1)"><a href="javascript:x">x</a></p>',
    });
    expect(html.content).not.toMatch(/onclick|javascript:/);

    const patch = (id: string, body: unknown) =>
      gateway.app.inject({
        method: 'PATCH',
        url: `/api/admin/blog/posts/${id}`,
        headers: admin,
        payload: body as object,
      });
    const published = (await patch(md.id, { status: 'published' })).json();
    expect(published.published_at).not.toBeNull();
    expect(published.title).toBe('Markdown');
    expect(published.tags).toEqual(['a', 'b']);
    const again = (await patch(md.id, { title: 'Markdown 2', status: 'published' })).json();
    expect(again.published_at).toBe(published.published_at);
    expect((await get('/api/blog/posts/markdown-post?language=en')).json().post.title).toBe('Markdown 2');

    const conflict = await patch(md.id, { slug: 'how-we-pick-sources' });
    expect(conflict.statusCode).toBe(409);
    const invalid = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      headers: admin,
      payload: { slug: 'Bad Slug', language: 'en', title: '', content: '' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.fields)).toEqual(
      expect.arrayContaining(['slug', 'title', 'content', 'category']),
    );
    const list = await gateway.app.inject({ method: 'GET', url: '/api/admin/blog/posts', headers: admin });
    expect(list.json().data.map((p: { slug: string }) => p.slug)).toContain('secret-draft');
  });
});
