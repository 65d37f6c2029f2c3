import { readFileSync } from 'node:fs';
import type { OpmlImportResult, OpmlLine } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// OPML import of the files feed readers really export (Feedly, Inoreader, NetNewsWire): what can be
// imported is, every other line is reported with its line number, a reason and a sentence in English
// and Chinese; a preview tells the same without writing; folders map to topics by the deepest folder of
// a path that names one, and create topics only when asked; a feed's language comes from its outline
// or is left for its first crawl; documents with a DOCTYPE (XXE, entity expansion) are refused.

// Every host resolves to a public address: the files' private URLs are literal (localhost, 192.168.x).
vi.mock('node:dns/promises', async (original) => ({
  ...(await original<typeof import('node:dns/promises')>()),
  lookup: async () => [{ address: '93.184.216.34', family: 4 }],
}));

const fixture = (name: string) => readFileSync(new URL(`./fixtures/opml/${name}`, import.meta.url), 'utf8');

let gateway: Gateway;
let adminToken = '';
let freeToken = '';

type Options = { mode?: 'folders' | 'topic'; topic_id?: string; create_topics?: boolean; language?: string };
const importOpml = (opml: string, options: Options = {}, query = '') =>
  gateway.app.inject({
    method: 'POST',
    url: `/api/admin/opml/import${query}`,
    headers: bearer(adminToken),
    payload: { opml, ...options },
  });
const preview = (opml: string, options: Options = {}) => importOpml(opml, options, '?dry_run=true');
const counts = async () => ({
  topics: await gateway.db.prisma.topic.count(),
  datasources: await gateway.db.prisma.datasource.count(),
});
const topic = (name: string, nameZh?: string, isActive = true) =>
  gateway.db.prisma.topic.create({
    data: { slug: name.toLowerCase().replace(/\W+/g, '-'), name, nameZh, isActive },
  });
/** Each line as [line, status, reason or topic name]. */
const fates = (result: OpmlImportResult) =>
  result.lines.map((line) => [line.line, line.status, line.reason ?? line.topic?.name]);
const lineAt = (result: OpmlImportResult, line: number) =>
  result.lines.find((entry) => entry.line === line) as OpmlLine;

beforeAll(async () => {
  gateway = await startGateway({ CRAWLER_ALLOW_PRIVATE_HOSTS: 'false' });
  const _prisma = gateway.db.prisma;
  adminToken = (await signedInUser(gateway, { role: 'admin' }, 'opml-admin')).accessToken;
  freeToken = (await signedInUser(gateway, {}, 'opml-free')).accessToken;
});
afterAll(async () => {
  await gateway?.close();
});
beforeEach(async () => {
  await gateway.db.prisma.datasource.deleteMany({});
  await gateway.db.prisma.topic.deleteMany({});
});

describe('importing a Feedly export', () => {
  it('imports the good lines into the topics its folders name and reports the duplicate by line', async () => {
    const tech = await topic('Tech', '科技');
    await topic('Chinese blogs', '中文');
    const response = await importOpml(fixture('feedly.opml'), { topic_id: tech.id });
    expect(response.statusCode).toBe(200);
    const result: OpmlImportResult = response.json();
    expect(fates(result)).toEqual([
      [9, 'import', 'Tech'],
      [10, 'import', 'Tech'],
      [11, 'import', 'Tech'],
      [12, 'import', 'Tech'],
      // The folder "中文" is the Chinese name of a topic.
      [15, 'import', 'Chinese blogs'],
      [16, 'import', 'Chinese blogs'],
      // "Must Read" names no topic: its lines go to the chosen one, where Ars Technica already is.
      [19, 'refused', 'duplicate_in_file'],
      [20, 'import', 'Tech'],
    ]);
    expect(result).toMatchObject({
      dry_run: false,
      datasources_created: 7,
      topics_created: [],
      counts: { import: 7, present: 0, refused: 1 },
    });
    expect(lineAt(result, 19).message).toEqual({
      en: 'The same feed appears earlier in the file (line 9) for the same topic.',
      zh: '同一订阅源已在文件前面（第 9 行）出现过，且属于同一主题。',
    });
    expect(lineAt(result, 15).message).toEqual({
      en: 'Added to the topic “Chinese blogs”.',
      zh: '已加入主题“中文”。',
    });
    expect(lineAt(result, 11)).toMatchObject({ platform: 'reddit', folders: ['Tech'] });
    expect(lineAt(result, 12)).toMatchObject({ platform: 'youtube' });

    const rows = await gateway.db.prisma.datasource.findMany({ include: { topic: true } });
    const byName = new Map(rows.map((row) => [row.sourceName, row]));
    expect(byName.get('Ars Technica')).toMatchObject({
      htmlUrl: 'https://arstechnica.com',
      topic: expect.objectContaining({ name: 'Tech' }),
    });
    expect(byName.get('r/programming')).toMatchObject({
      platform: 'reddit',
      config: expect.objectContaining({ subreddit: 'programming' }),
    });
    // Feedly names no language: the Chinese blog's is read from the feed on its first crawl.
    expect(byName.get('阮一峰的网络日志')).toMatchObject({ languageUnconfirmed: true });
    expect(lineAt(result, 15).language).toBeNull();
  });
});

describe('importing an Inoreader export', () => {
  it('previews each line without writing, then imports the same, creating the folder topic on request', async () => {
    const before = await counts();
    const dry = await preview(fixture('inoreader.opml'), { create_topics: true });
    expect(dry.statusCode).toBe(200);
    const planned: OpmlImportResult = dry.json();
    expect(fates(planned)).toEqual([
      [8, 'import', 'Newsletters'],
      [9, 'import', 'Newsletters'],
      [12, 'refused', 'private_url'],
      [13, 'refused', 'private_url'],
      [15, 'refused', 'no_topic'],
    ]);
    expect(planned).toMatchObject({
      dry_run: true,
      datasources_created: 0,
      topics_created: [{ id: null, name: 'Newsletters' }],
      counts: { import: 2, present: 0, refused: 3 },
    });
    expect(lineAt(planned, 8).topic).toEqual({ id: null, name: 'Newsletters', name_zh: null, is_new: true });
    expect(lineAt(planned, 8).message).toEqual({
      en: 'Will be added to the new topic “Newsletters”.',
      zh: '将加入新建的主题“Newsletters”。',
    });
    expect(lineAt(planned, 12).message).toEqual({
      en: 'The feed URL points to a private, local or reserved address, which cannot be crawled.',
      zh: '订阅链接指向内网、本机或保留地址，无法抓取。',
    });
    expect(lineAt(planned, 15).message).toEqual({
      en: 'It is in no folder, and no topic was chosen for such feeds: skipped.',
      zh: '它不在任何文件夹中，且未为这类订阅源选择主题：已跳过。',
    });
    expect(await counts()).toEqual(before);

    const response = await importOpml(fixture('inoreader.opml'), { create_topics: true });
    expect(response.statusCode).toBe(200);
    const result: OpmlImportResult = response.json();
    expect(fates(result)).toEqual(fates(planned));
    const created = await gateway.db.prisma.topic.findFirstOrThrow({ where: { name: 'Newsletters' } });
    expect(result.topics_created).toEqual([{ id: created.id, name: 'Newsletters' }]);
    expect(lineAt(result, 8).topic).toMatchObject({ id: created.id, is_new: true });
    expect(lineAt(result, 8).message.en).toBe('Added to the new topic “Newsletters”.');
    expect(await gateway.db.prisma.datasource.count({ where: { topicId: created.id } })).toBe(2);

    // The same file again: what is there is reported as such, and that is no failure.
    const again = await importOpml(fixture('inoreader.opml'), { create_topics: true });
    expect(again.statusCode).toBe(200);
    expect(fates(again.json()).slice(0, 2)).toEqual([
      [8, 'present', 'Newsletters'],
      [9, 'present', 'Newsletters'],
    ]);
    expect(lineAt(again.json(), 8).message).toEqual({
      en: 'Already present in the topic “Newsletters”: nothing to do.',
      zh: '主题“Newsletters”中已有此订阅源，无需导入。',
    });
  });

  it('answers 422 with the report when no line can be imported (a preview: 200, the same lines)', async () => {
    const inbox = await topic('Inbox');
    const opml = `<?xml version="1.0"?>
<opml version="2.0"><head><title>Nothing good</title></head><body>
<outline text="Local" type="rss" xmlUrl="http://127.0.0.1:8080/feed"/>
<outline text="Gopher" type="rss" xmlUrl="gopher://feeds.example.com/1/feed"/>
<outline text="No address" type="rss"/>
<outline text="Metadata" type="rss" xmlUrl="http://169.254.169.254/latest/meta-data/"/>
<outline text="Script" type="rss" xmlUrl="javascript:alert(1)"/>
</body></opml>`;
    const dry = await preview(opml, { topic_id: inbox.id });
    expect(dry.statusCode).toBe(200);
    const response = await importOpml(opml, { topic_id: inbox.id });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ dry_run: false, counts: { import: 0, present: 0, refused: 5 } });
    expect(fates(response.json())).toEqual([
      [3, 'refused', 'private_url'],
      [4, 'refused', 'invalid_url'],
      [5, 'refused', 'missing_url'],
      [6, 'refused', 'private_url'],
      [7, 'refused', 'invalid_url'],
    ]);
    expect(response.json().lines[2].message.zh).toBe('这一行没有订阅链接（xmlUrl）。');
    expect(response.json().lines).toEqual(dry.json().lines);
    const empty = await importOpml('<opml version="2.0"><body/></opml>');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ lines: [], counts: { import: 0, present: 0, refused: 0 } });
    expect(await gateway.db.prisma.datasource.count()).toBe(0);
  });
});

describe('folders of a NetNewsWire export', () => {
  it('map each line to the deepest folder of its path that names a topic', async () => {
    const tech = await topic('Tech');
    const newsletters = await topic('Newsletters', '通讯');
    const response = await importOpml(fixture('netnewswire.opml'));
    expect(response.statusCode).toBe(200);
    const result: OpmlImportResult = response.json();
    expect(fates(result)).toEqual([
      [9, 'import', 'Tech'],
      [11, 'import', 'Newsletters'],
      [12, 'import', 'Newsletters'],
      [16, 'refused', 'no_topic'],
      [18, 'refused', 'no_topic'],
      [19, 'refused', 'invalid_url'],
    ]);
    expect(lineAt(result, 11)).toMatchObject({
      folders: ['Tech', 'Newsletters'],
      topic: { id: newsletters.id, name: 'Newsletters', name_zh: '通讯', is_new: false },
      html_url: 'https://www.platformer.news/',
    });
    expect(lineAt(result, 11).message.zh).toBe('已加入主题“通讯”。');
    expect(lineAt(result, 16).message).toEqual({
      en: 'No topic matches the folder “Design”, and no topic was to be created or chosen for it: skipped.',
      zh: '没有与文件夹“Design”对应的主题，且未选择新建主题或指定主题：已跳过。',
    });
    expect(lineAt(result, 19).message.en).toBe('The feed URL is not an http(s) address.');
    // text is the name the reader shows; an empty text falls back to title.
    expect(lineAt(result, 9).title).toBe('DF');
    expect(lineAt(result, 18).title).toBe('Six Colors');
    expect(await gateway.db.prisma.datasource.count({ where: { topicId: tech.id } })).toBe(1);
  });

  it('keep a path whose inner folder names no topic in the outer one', async () => {
    await topic('Tech');
    const result: OpmlImportResult = (await importOpml(fixture('netnewswire.opml'))).json();
    expect(lineAt(result, 11)).toMatchObject({ status: 'import', topic: { name: 'Tech' } });
    expect(lineAt(result, 12)).toMatchObject({ status: 'import', topic: { name: 'Tech' } });
  });

  it('create one topic per top folder only when asked: "Tech › Newsletters" is one topic, not two', async () => {
    const response = await importOpml(fixture('netnewswire.opml'), { create_topics: true });
    expect(response.statusCode).toBe(200);
    const result: OpmlImportResult = response.json();
    expect(result.topics_created.map((entry) => entry.name)).toEqual(['Tech', 'Design']);
    expect(fates(result)).toEqual([
      [9, 'import', 'Tech'],
      [11, 'import', 'Tech'],
      [12, 'import', 'Tech'],
      [16, 'import', 'Design'],
      [18, 'refused', 'no_topic'],
      [19, 'refused', 'invalid_url'],
    ]);
    expect((await gateway.db.prisma.topic.findMany()).map((row) => [row.name, row.slug]).sort()).toEqual([
      ['Design', 'design'],
      ['Tech', 'tech'],
    ]);
  });

  it('send lines that match no topic to the chosen topic, or report an inactive topic', async () => {
    const inbox = await topic('Inbox', '收件箱');
    await topic('Design', undefined, false);
    const result: OpmlImportResult = (
      await importOpml(fixture('netnewswire.opml'), { topic_id: inbox.id })
    ).json();
    expect(fates(result)).toEqual([
      [9, 'import', 'Inbox'],
      [11, 'import', 'Inbox'],
      [12, 'import', 'Inbox'],
      [16, 'refused', 'topic_inactive'],
      [18, 'import', 'Inbox'],
      [19, 'refused', 'invalid_url'],
    ]);
    expect(lineAt(result, 16).message.en).toBe(
      'Its topic “Design” is inactive: activate it, or choose another topic.',
    );
    // Mode topic: every line to the chosen topic, whatever its folders.
    const all: OpmlImportResult = (
      await importOpml(fixture('netnewswire.opml'), { mode: 'topic', topic_id: inbox.id })
    ).json();
    expect(all.counts).toEqual({ import: 1, present: 4, refused: 1 });
  });
});

describe('the language of an imported feed', () => {
  it('comes from the outline (xml:lang, inherited, or language), else the import, else the first crawl', async () => {
    const inbox = await topic('Inbox');
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>Languages</title></head><body>
  <outline text="中文" xml:lang="zh-CN">
    <outline text="少数派" type="rss" xmlUrl="https://sspai.com/feed"/>
  </outline>
  <outline text="Platformer" type="rss" language="en-US" xmlUrl="https://www.platformer.news/rss/"/>
  <outline text="阮一峰的网络日志" type="rss" xmlUrl="https://www.ruanyifeng.com/blog/atom.xml"/>
</body></opml>`;
    const result: OpmlImportResult = (await importOpml(opml, { mode: 'topic', topic_id: inbox.id })).json();
    expect(result.lines.map((line) => [line.title, line.language])).toEqual([
      ['少数派', 'ZH'],
      ['Platformer', 'EN'],
      ['阮一峰的网络日志', null],
    ]);
    const rows = await gateway.db.prisma.datasource.findMany({ orderBy: { sourceName: 'asc' } });
    expect(rows.map((row) => [row.sourceName, row.language, row.languageUnconfirmed])).toEqual([
      ['Platformer', 'EN', false],
      ['少数派', 'ZH', false],
      ['阮一峰的网络日志', 'EN', true],
    ]);
    // An admin who changes it has chosen it: the first crawl leaves it alone.
    const unconfirmed = rows[2]!;
    const patch = (language: string) =>
      gateway.app.inject({
        method: 'PATCH',
        url: `/api/admin/datasources/${unconfirmed.id}`,
        headers: bearer(adminToken),
        payload: { language },
      });
    expect((await patch('EN')).statusCode).toBe(200);
    expect(
      await gateway.db.prisma.datasource.findUniqueOrThrow({ where: { id: unconfirmed.id } }),
    ).toMatchObject({
      languageUnconfirmed: true,
    });
    expect((await patch('ZH')).statusCode).toBe(200);
    expect(
      await gateway.db.prisma.datasource.findUniqueOrThrow({ where: { id: unconfirmed.id } }),
    ).toMatchObject({
      language: 'ZH',
      languageUnconfirmed: false,
    });
    // A language chosen for the import is a language given.
    await gateway.db.prisma.datasource.deleteMany({});
    await importOpml(opml, { mode: 'topic', topic_id: inbox.id, language: 'ZH' });
    const chosen = await gateway.db.prisma.datasource.findFirstOrThrow({
      where: { sourceName: '阮一峰的网络日志' },
    });
    expect(chosen).toMatchObject({ language: 'ZH', languageUnconfirmed: false });
  });
});

describe('documents that are not OPML', () => {
  it('refuses a DOCTYPE (XXE, billion laughs), broken XML and other documents with a 400 naming the line', async () => {
    for (const name of ['xxe.opml', 'billion-laughs.opml']) {
      const started = Date.now();
      const response = await importOpml(fixture(name));
      expect(Date.now() - started).toBeLessThan(5000);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { opml: expect.stringContaining('DOCTYPE') },
      });
      expect(response.body).not.toContain('root:');
    }
    const broken =
      '<opml version="2.0"><body>\n<outline text="x" xmlUrl="https://a.example.com/f">\n</body></opml>';
    const response = await importOpml(broken);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.opml).toMatch(/^Line 3: /);
    const undeclared =
      '<opml version="2.0"><body>\n<outline text="&nope;" xmlUrl="https://a.example.com/f"/></body></opml>';
    for (const opml of [undeclared, '<rss version="2.0"><channel/></rss>', 'not xml at all']) {
      const answer = await importOpml(opml);
      expect(answer.statusCode, opml).toBe(400);
      expect(answer.json().error.fields.opml, opml).toMatch(/^Line \d+: /);
    }
  });

  it('refuses mode topic without a topic, and an unknown topic', async () => {
    const opml = fixture('netnewswire.opml');
    expect((await importOpml(opml, { mode: 'topic' })).statusCode).toBe(400);
    const unknown = await importOpml(opml, { topic_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('topic_id');
  });
});

describe('access', () => {
  it('is for admins only', async () => {
    const free = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/opml/import',
      headers: bearer(freeToken),
      payload: { opml: fixture('feedly.opml') },
    });
    expect(free.statusCode).toBe(403);
    const visitor = await gateway.app.inject({ method: 'POST', url: '/api/admin/opml/import?dry_run=true' });
    expect(visitor.statusCode).toBe(401);
  });
});
