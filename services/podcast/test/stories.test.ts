import { createTestDatabase, type TestDatabase } from '@app/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedDayRange } from '../src/podcast/dates.ts';
import { loadDayStories } from '../src/podcast/day-stories.ts';
import { listNames, offlineScript } from '../src/script/script.ts';

// A story three outlets reported is one segment that names all three, not three segments.
let db: TestDatabase;
let topicId: string;
const day = '2026-03-10';
const at = (hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

beforeAll(async () => {
  db = await createTestDatabase();
  topicId = (
    await db.prisma.topic.create({ data: { slug: `chips-${Date.now().toString(36)}`, name: 'Chips' } })
  ).id;
  const outlet = (name: string) =>
    db.prisma.datasource.create({
      data: {
        topicId,
        platform: 'blog',
        sourceName: name,
        sourceUrl: `https://${name.toLowerCase()}.example/feed`,
      },
    });
  const [wire, daily, weekly] = [await outlet('Wire'), await outlet('Daily'), await outlet('Weekly')];
  const story = (language: 'EN' | 'ZH') =>
    db.prisma.story.create({
      data: { headline: 'Launch', language, summaryCount: 3, firstSeenAt: at(8), lastSeenAt: at(11) },
    });
  const [en, zh] = [await story('EN'), await story('ZH')];
  const base = { topicId, summaryType: 'blog_post' as const };
  await db.prisma.summary.createMany({
    data: [
      {
        ...base,
        language: 'EN',
        storyId: en.id,
        datasourceId: wire.id,
        headline: 'Chip launch',
        content: 'First report. It is fast.',
        createdAt: at(8),
      },
      {
        ...base,
        language: 'EN',
        storyId: en.id,
        datasourceId: daily.id,
        headline: 'A 2 nm chip arrives',
        content: 'Newest report. Prices are set.',
        createdAt: at(11),
      },
      {
        ...base,
        language: 'EN',
        storyId: en.id,
        datasourceId: weekly.id,
        headline: 'What the launch means',
        content: 'Analysis.',
        createdAt: at(9),
      },
      {
        ...base,
        language: 'EN',
        datasourceId: wire.id,
        headline: 'Memory prices rise',
        content: 'Prices went up.',
        createdAt: at(10),
      },
      {
        ...base,
        language: 'ZH',
        storyId: zh.id,
        datasourceId: wire.id,
        headline: '芯片发布',
        content: '首篇报道。',
        createdAt: at(8),
      },
      {
        ...base,
        language: 'ZH',
        storyId: zh.id,
        headline: '2 纳米芯片来了',
        content: '第二篇报道。',
        metadata: { source_name: '机器之心' },
        createdAt: at(11),
      },
    ],
  });
});

afterAll(async () => {
  await db?.drop();
});

const load = (language: 'EN' | 'ZH', limit = 12) => {
  const range = zonedDayRange(day, 'UTC');
  return loadDayStories(db.prisma, { topicId, language, from: range.gte, to: range.lt, limit });
};

describe('a podcast of stories', () => {
  it('reads one segment per story, naming every outlet that reported it', async () => {
    const stories = await load('EN');
    expect(stories.map((s) => s.headline)).toEqual(['Memory prices rise', 'A 2 nm chip arrives']);
    expect(stories[1]!.sourceNames).toEqual(['Daily', 'Wire', 'Weekly']);
    const script = offlineScript({ topicName: 'Chips', date: day, language: 'EN', summaries: stories });
    expect(script).toContain('with 2 stories');
    expect(script).toContain('Story 1, from Wire: Memory prices rise.');
    expect(script).toContain('Story 2, reported by Daily, Wire and Weekly: A 2 nm chip arrives.');
    expect(script).not.toMatch(/Chip launch|What the launch means|Story 3/);
  });

  it('counts stories against the limit', async () => {
    expect((await load('EN', 1)).map((s) => s.headline)).toEqual(['A 2 nm chip arrives']);
  });

  it('in Chinese: 由……和……报道', async () => {
    const stories = await load('ZH');
    const script = offlineScript({ topicName: '芯片', date: day, language: 'ZH', summaries: stories });
    expect(script).toContain('共有1条内容');
    expect(script).toContain('第1条，由机器之心和Wire报道：2 纳米芯片来了。');
    expect(script).not.toContain('芯片发布');
  });

  it('lists names the way each language does', () => {
    expect(listNames(['A'], 'EN')).toBe('A');
    expect(listNames(['A', 'B'], 'EN')).toBe('A and B');
    expect(listNames(['甲', '乙', '丙'], 'ZH')).toBe('甲、乙和丙');
  });
});
