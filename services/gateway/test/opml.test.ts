import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOpml } from '../src/lib/opml.ts';
import {
  bearer,
  type Gateway,
  insertUser,
  login,
  startGateway,
  uniqueEmail,
} from './support/gateway-harness.ts';

// OPML import and export of datasources: a feed reader's export comes in (folders become topics), goes
// back out grouped by topic and comes in again; bad outlines are reported by line and nothing is written;
// documents with a DOCTYPE (XXE, entity expansion) are refused.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/opml/${name}`, import.meta.url), 'utf8');

let gateway: Gateway;
let adminToken = '';
let freeToken = '';
let inbox = '';

const importOpml = (payload: Record<string, unknown>, token = adminToken) =>
  gateway.app.inject({ method: 'POST', url: '/api/admin/opml/import', headers: bearer(token), payload });
const exportOpml = (token = adminToken) =>
  gateway.app.inject({ method: 'GET', url: '/api/admin/opml/export', headers: bearer(token) });
const counts = async () => ({
  topics: await gateway.db.prisma.topic.count(),
  datasources: await gateway.db.prisma.datasource.count(),
});
/** (folder, title, url) of every feed in a document, sorted. */
const feedsOf = (text: string) => {
  const parsed = parseOpml(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.feeds.map((feed) => [feed.folders.at(-1) ?? '', feed.title, feed.url]).sort();
};

beforeAll(async () => {
  gateway = await startGateway({ CRAWLER_ALLOW_PRIVATE_HOSTS: 'false' });
  const prisma = gateway.db.prisma;
  const admin = await insertUser(prisma, { email: uniqueEmail('opml-admin'), role: 'admin' });
  const free = await insertUser(prisma, { email: uniqueEmail('opml-free') });
  adminToken = (await login(gateway, admin.email)).accessToken;
  freeToken = (await login(gateway, free.email)).accessToken;
  inbox = (await prisma.topic.create({ data: { slug: 'inbox', name: 'Inbox' } })).id;
});
afterAll(async () => {
  await gateway?.close();
});

describe('OPML import', () => {
  it('turns each folder of a Feedly export into a topic and detects YouTube and Reddit feeds', async () => {
    const response = await importOpml({ opml: fixture('feedly-export.opml'), mode: 'folders' });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ imported: true, datasources_created: 6, issues: [] });
    expect(result.topics_created.map((t: { name: string }) => t.name).sort()).toEqual(
      ['AI & Research', 'Engineering', '中文博客'].sort(),
    );
    const sources = await gateway.db.prisma.datasource.findMany({ include: { topic: true } });
    const byName = new Map(sources.map((source) => [source.sourceName, source]));
    expect(byName.get('Databases & Storage')).toMatchObject({
      platform: 'blog',
      sourceUrl: 'https://db.example.org/feed?format=rss&lang=en',
      topic: expect.objectContaining({ name: 'Engineering' }),
    });
    expect(byName.get('Conference Talks')).toMatchObject({
      platform: 'youtube',
      config: expect.objectContaining({ channel_id: 'UCabcdefghijklmnopqrstuv' }),
    });
    expect(byName.get('r/MachineLearning')).toMatchObject({
      platform: 'reddit',
      config: expect.objectContaining({ subreddit: 'MachineLearning' }),
    });
    const topic = await gateway.db.prisma.topic.findFirstOrThrow({ where: { name: 'AI & Research' } });
    expect(topic.slug).toBe('ai-research');
  });

  it('round-trips: the export groups by topic and holds the same feeds; importing it again reports duplicates only', async () => {
    const response = await exportOpml();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/x-opml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="datasources.opml"');
    expect(response.body).toContain('Databases &amp; Storage');
    expect(feedsOf(response.body)).toEqual(feedsOf(fixture('feedly-export.opml')));

    const before = await counts();
    const again = (await importOpml({ opml: response.body, mode: 'folders' })).json();
    expect(again.imported).toBe(false);
    expect(again.issues).toHaveLength(6);
    expect(new Set(again.issues.map((issue: { reason: string }) => issue.reason))).toEqual(
      new Set(['duplicate']),
    );
    expect(await counts()).toEqual(before);

    // Into an empty install: the same topics, sources, platforms and languages come back.
    const prisma = gateway.db.prisma;
    const snapshot = async () =>
      (await prisma.datasource.findMany({ include: { topic: true } }))
        .map((s) => `${s.topic.name}|${s.sourceName}|${s.sourceUrl}|${s.platform}|${s.language}`)
        .sort();
    const original = await snapshot();
    const createdTopics = await prisma.topic.findMany({ where: { slug: { not: 'inbox' } } });
    await prisma.datasource.deleteMany({});
    await prisma.topic.deleteMany({ where: { id: { in: createdTopics.map((t) => t.id) } } });
    const restored = (await importOpml({ opml: response.body, mode: 'folders' })).json();
    expect(restored).toMatchObject({ imported: true, datasources_created: 6 });
    expect(await snapshot()).toEqual(original);
  });

  it('nested folders each become a topic; loose feeds go to the chosen topic', async () => {
    const withoutTopic = (
      await importOpml({ opml: fixture('freshrss-nested.opml'), mode: 'folders' })
    ).json();
    expect(withoutTopic.imported).toBe(false);
    expect(withoutTopic.issues).toEqual([
      { line: 8, reason: 'no_topic', title: 'Loose feed', url: 'https://loose.example.com/feed.xml' },
    ]);
    const result = (
      await importOpml({
        opml: fixture('freshrss-nested.opml'),
        mode: 'folders',
        topic_id: inbox,
        language: 'ZH',
      })
    ).json();
    expect(result).toMatchObject({ imported: true, datasources_created: 3 });
    const rows = await gateway.db.prisma.datasource.findMany({
      where: {
        sourceUrl: {
          in: [
            'https://loose.example.com/feed.xml',
            'https://css.example.com/rss',
            'https://backend.example.com/index.xml',
          ],
        },
      },
      include: { topic: true },
    });
    expect(
      Object.fromEntries(rows.map((row) => [row.sourceName, `${row.topic.name}/${row.language}`])),
    ).toEqual({
      'Loose feed': 'Inbox/ZH',
      'CSS Weekly': 'Frontend/ZH',
      'Backend Digest': 'Tech/ZH',
    });
  });

  it('puts every feed into one chosen topic', async () => {
    const topic = await gateway.db.prisma.topic.create({ data: { slug: 'one-topic', name: 'One topic' } });
    const opml = fixture('freshrss-nested.opml').replaceAll('example.com', 'example.io');
    const result = (await importOpml({ opml, mode: 'topic', topic_id: topic.id })).json();
    expect(result).toMatchObject({ imported: true, datasources_created: 3, topics_created: [] });
    expect(await gateway.db.prisma.datasource.count({ where: { topicId: topic.id } })).toBe(3);
    const missing = await importOpml({ opml, mode: 'topic' });
    expect(missing.statusCode).toBe(400);
    const unknown = await importOpml({
      opml,
      mode: 'topic',
      topic_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('reports each bad outline with its line and writes nothing', async () => {
    const prisma = gateway.db.prisma;
    const mixed = await prisma.topic.create({ data: { slug: 'mixed', name: 'Mixed' } });
    await prisma.datasource.create({
      data: {
        topicId: mixed.id,
        platform: 'blog',
        sourceName: 'Existing',
        sourceUrl: 'https://existing.example.com/feed',
      },
    });
    const before = await counts();
    const result = (await importOpml({ opml: fixture('with-problems.opml'), mode: 'folders' })).json();
    expect(result.imported).toBe(false);
    expect(
      result.issues.map((issue: { line: number; reason: string }) => [issue.line, issue.reason]),
    ).toEqual([
      [7, 'missing_url'],
      [8, 'invalid_url'],
      [9, 'invalid_url'],
      [10, 'private_url'],
      [11, 'private_url'],
      [12, 'duplicate_in_file'],
      [13, 'duplicate'],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a DOCTYPE (XXE, billion laughs), broken XML and non-OPML documents', async () => {
    for (const name of ['xxe.opml', 'billion-laughs.opml']) {
      const started = Date.now();
      const result = (await importOpml({ opml: fixture(name), mode: 'folders', topic_id: inbox })).json();
      expect(Date.now() - started).toBeLessThan(5000);
      expect(result.imported).toBe(false);
      expect(result.issues).toEqual([
        expect.objectContaining({ reason: 'invalid_document', title: expect.stringContaining('DOCTYPE') }),
      ]);
      expect(JSON.stringify(result)).not.toContain('root:');
    }
    const undeclared =
      '<opml version="2.0"><body>\n<outline text="&nope;" xmlUrl="https://a.example.com/f"/></body></opml>';
    const broken =
      '<opml version="2.0"><body>\n<outline text="x" xmlUrl="https://a.example.com/f">\n</body></opml>';
    for (const opml of [undeclared, broken, '<rss version="2.0"><channel/></rss>', 'not xml at all']) {
      const result = (await importOpml({ opml, mode: 'folders', topic_id: inbox })).json();
      expect(result.issues[0]?.reason, opml).toBe('invalid_document');
    }
  });

  it('is for admins only', async () => {
    expect(
      (await importOpml({ opml: fixture('feedly-export.opml'), mode: 'folders' }, freeToken)).statusCode,
    ).toBe(403);
    expect((await exportOpml(freeToken)).statusCode).toBe(403);
    const visitor = await gateway.app.inject({ method: 'GET', url: '/api/admin/opml/export' });
    expect(visitor.statusCode).toBe(401);
  });
});
