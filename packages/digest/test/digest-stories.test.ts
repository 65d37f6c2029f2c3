import { createTestDatabase, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDigestContent } from '../src/digest-content.ts';
import { renderDigestTemplate } from '../src/digest.template.ts';

// A story that three outlets reported is one digest entry naming all three, not three entries.
let db: TestDatabase;
let topicId: string;
let otherTopicId: string;
const from = new Date(Date.now() - 6 * 3_600_000);
const to = new Date(Date.now() + 3_600_000);
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);

async function storyOf(headline: string, language: 'EN' | 'ZH', size: number) {
  return db.prisma.story.create({
    data: { headline, language, summaryCount: size, firstSeenAt: at(5), lastSeenAt: at(1) },
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  const suffix = Date.now().toString(36);
  const topic = await db.prisma.topic.create({
    data: { slug: `stories-${suffix}`, name: 'Chips', nameZh: '芯片' },
  });
  const other = await db.prisma.topic.create({
    data: { slug: `stories-other-${suffix}`, name: 'Markets', nameZh: '市场' },
  });
  topicId = topic.id;
  otherTopicId = other.id;
  const outlet = (name: string) =>
    db.prisma.datasource.create({
      data: {
        topicId,
        platform: 'blog',
        sourceName: name,
        sourceUrl: `https://${name.toLowerCase()}.example/feed`,
      },
    });
  const [wire, daily, weekly] = await Promise.all([outlet('Wire'), outlet('Daily'), outlet('Weekly')]);
  const launch = await storyOf('Chip maker launches a 2 nm part', 'EN', 4);
  const zhLaunch = await storyOf('芯片厂商发布 2 纳米芯片', 'ZH', 2);
  const base = { summaryType: 'blog_post' as const, topicId };
  await db.prisma.summary.createMany({
    data: [
      {
        ...base,
        language: 'EN',
        storyId: launch.id,
        datasourceId: wire!.id,
        headline: 'Chip maker launches a 2 nm part',
        content: 'The first report of the launch.',
        sourceUrls: ['https://wire.example/launch'],
        createdAt: at(4),
      },
      {
        ...base,
        language: 'EN',
        storyId: launch.id,
        datasourceId: daily!.id,
        headline: 'A 2 nm chip arrives',
        content: 'The newest report of the launch, with prices.',
        sourceUrls: ['https://daily.example/2nm'],
        createdAt: at(2),
      },
      {
        // Filed under a topic the reader follows too: the story still makes one entry.
        ...base,
        topicId: otherTopicId,
        language: 'EN',
        storyId: launch.id,
        datasourceId: weekly!.id,
        headline: 'What the 2 nm launch means for suppliers',
        content: 'Analysis of the launch.',
        sourceUrls: ['javascript:alert(1)', 'https://weekly.example/analysis'],
        createdAt: at(3),
      },
      {
        // Before the window: not an entry of its own, but still one of the story's outlets, named once.
        ...base,
        language: 'EN',
        storyId: launch.id,
        datasourceId: wire!.id,
        headline: 'Teaser: a chip launch tomorrow',
        content: 'Rumours.',
        sourceUrls: ['https://wire.example/teaser'],
        createdAt: at(30),
      },
      {
        ...base,
        language: 'EN',
        headline: 'Unrelated memory prices',
        content: 'Prices of memory went up.',
        sourceUrls: ['https://daily.example/memory'],
        datasourceId: daily!.id,
        createdAt: at(1),
      },
      {
        ...base,
        language: 'ZH',
        storyId: zhLaunch.id,
        datasourceId: wire!.id,
        headline: '芯片厂商发布 2 纳米芯片',
        content: '首篇报道。',
        sourceUrls: ['https://wire.example/zh-launch'],
        createdAt: at(4),
      },
      {
        ...base,
        language: 'ZH',
        storyId: zhLaunch.id,
        headline: '2 纳米芯片来了',
        content: '第二篇报道。',
        metadata: { source_name: '机器之心' },
        sourceUrls: ['https://jiqizhixin.example/2nm'],
        createdAt: at(2),
      },
    ],
  });
});

afterAll(async () => {
  await db?.drop();
});

const load = (language: 'en' | 'zh', perTopic = 5) =>
  loadDigestContent(db.prisma, {
    language,
    topicIds: [topicId, otherTopicId],
    from,
    to,
    date: to.toISOString().slice(0, 10),
    perTopic,
  });

describe('a digest of stories', () => {
  it('makes one entry per story, shown by its newest summary and naming every outlet once', async () => {
    const content = await load('en');
    const entries = content.topics.flatMap((topic) => topic.summaries);
    expect(entries.map((entry) => entry.headline)).toEqual([
      'Unrelated memory prices',
      'A 2 nm chip arrives',
    ]);
    expect(content.topics.map((topic) => topic.name)).toEqual(['Chips']);
    expect(content.summaryCount).toBe(2);
    expect(entries[1]!.sources).toEqual([
      { name: 'Daily', url: 'https://daily.example/2nm' },
      { name: 'Wire', url: 'https://wire.example/launch' },
      { name: 'Weekly', url: 'https://weekly.example/analysis' },
    ]);
    expect(entries[0]!.sources).toEqual([{ name: 'Daily', url: 'https://daily.example/memory' }]);
  });

  it('counts stories against the per-topic limit', async () => {
    const content = await load('en', 1);
    expect(content.topics[0]!.summaries.map((entry) => entry.headline)).toEqual(['Unrelated memory prices']);
    const two = await load('en', 2);
    expect(two.topics[0]!.summaries).toHaveLength(2);
  });

  it('writes "Covered by" with each outlet linked to its item, in the HTML and the text', async () => {
    const email = await renderDigestTemplate(await load('en'), 'https://app.test');
    expect(email.html.match(/A 2 nm chip arrives/g)).toHaveLength(1);
    expect(email.html).not.toContain('Chip maker launches');
    expect(email.html).not.toContain('What the 2 nm launch means');
    expect(email.html).toContain(
      'Covered by: <a href="https://daily.example/2nm" style="color:#1c7ed6;text-decoration:none">Daily</a>, <a href="https://wire.example/launch" style="color:#1c7ed6;text-decoration:none">Wire</a>, <a href="https://weekly.example/analysis" style="color:#1c7ed6;text-decoration:none">Weekly</a>',
    );
    expect(email.html).not.toContain('javascript:');
    expect(email.html).toContain('2 new stories picked for you today.');
    expect(email.text).toContain(
      [
        '  Covered by:',
        '  - Daily: https://daily.example/2nm',
        '  - Wire: https://wire.example/launch',
        '  - Weekly: https://weekly.example/analysis',
      ].join('\n'),
    );
    // A single-source entry keeps its Original link.
    expect(email.text).toContain('  Original: https://daily.example/memory');
    expect(email.text.match(/Covered by/g)).toHaveLength(1);
  });

  it('links each entry to its own summary on the site: a story to the summary the entry shows', async () => {
    const idOf = async (headline: string) =>
      (await db.prisma.summary.findFirstOrThrow({ where: { headline }, select: { id: true } })).id;
    const [story, single, zhStory] = await Promise.all([
      idOf('A 2 nm chip arrives'),
      idOf('Unrelated memory prices'),
      idOf('2 纳米芯片来了'),
    ]);
    const email = await renderDigestTemplate(await load('en'), 'https://app.test/');
    for (const id of [story, single]) {
      const href = `https://app.test/content-summary?summary=${id}`;
      // The headline and the "Read on Daily Curated" link.
      expect(email.html.split(`href="${href}"`)).toHaveLength(3);
      expect(email.text).toContain(`  Read on Daily Curated: ${href}`);
    }
    expect(email.html).toMatch(
      new RegExp(
        `<a href="https://app\\.test/content-summary\\?summary=${story}"[^>]*>Read on Daily Curated</a>`,
      ),
    );
    const zh = await renderDigestTemplate(await load('zh'), 'https://app.test');
    expect(zh.html).toContain(`href="https://app.test/zh/content-summary?summary=${zhStory}"`);
    expect(zh.text).toContain(`  在每日精选阅读: https://app.test/zh/content-summary?summary=${zhStory}`);
    // The topic keeps its own link, under its entries.
    expect(email.html).toContain(`href="https://app.test/topics/${topicId}"`);
  });

  it('in Chinese: one entry, 报道来源 with the outlets spaced apart (no link glued to the text)', async () => {
    const content = await load('zh');
    expect(content.summaryCount).toBe(1);
    const email = await renderDigestTemplate(content, 'https://app.test');
    expect(email.html.match(/2 纳米芯片来了/g)).toHaveLength(1);
    expect(email.html).not.toContain('首篇报道');
    expect(email.html).toMatch(
      /报道来源： <a href="https:\/\/jiqizhixin\.example\/2nm"[^>]*>机器之心<\/a> · <a href="https:\/\/wire\.example\/zh-launch"[^>]*>Wire<\/a>/,
    );
    expect(email.text).toContain(
      '  报道来源：\n  - 机器之心: https://jiqizhixin.example/2nm\n  - Wire: https://wire.example/zh-launch',
    );
  });
});
