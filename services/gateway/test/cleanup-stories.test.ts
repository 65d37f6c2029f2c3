import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// The data clean-up deletes old summaries; the stories they belonged to must say how many members
// they still have (the summaries list's story_size), and a story left with none must go.
let gateway: Gateway;
let adminToken: string;

beforeAll(async () => {
  gateway = await startGateway();
  adminToken = (await signedInUser(gateway, { role: 'admin' }, 'admin')).accessToken;
});
afterAll(async () => {
  await gateway?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('data clean-up and stories', () => {
  it('recounts the stories that lost summaries and deletes the emptied ones', async () => {
    const prisma = gateway.db.prisma;
    const story = (headline: string, size: number) =>
      prisma.story.create({
        data: {
          headline,
          language: 'EN',
          summaryCount: size,
          firstSeenAt: daysAgo(45),
          lastSeenAt: daysAgo(1),
        },
      });
    const [mixed, old, fresh] = [
      await story('Old report', 3),
      await story('All old', 2),
      await story('New', 1),
    ];
    // Addresses of stories merged earlier: into the one that empties, and into one that stays.
    const [intoOld, intoMixed] = [crypto.randomUUID(), crypto.randomUUID()];
    await prisma.storyRedirect.createMany({
      data: [
        { fromId: intoOld, toId: old.id },
        { fromId: intoMixed, toId: mixed.id },
      ],
    });
    const summary = (headline: string, storyId: string, createdAt: Date) => ({
      headline,
      content: headline,
      summaryType: 'blog_post' as const,
      language: 'EN' as const,
      storyId,
      createdAt,
    });
    await prisma.summary.createMany({
      data: [
        summary('Old report', mixed.id, daysAgo(45)),
        summary('Follow-up', mixed.id, daysAgo(2)),
        summary('Analysis', mixed.id, daysAgo(1)),
        summary('All old 1', old.id, daysAgo(50)),
        summary('All old 2', old.id, daysAgo(40)),
        summary('New', fresh.id, daysAgo(1)),
      ],
    });

    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/cleanup/data',
      headers: bearer(adminToken),
      payload: { confirm: true, olderThanDays: 30 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().recordsDeleted.summaries).toBe(3);

    const stories = await prisma.story.findMany({ orderBy: { headline: 'asc' } });
    expect(stories.map((s) => [s.id, s.summaryCount])).toEqual([
      [mixed.id, 2],
      [fresh.id, 1],
    ]);
    const kept = stories.find((s) => s.id === mixed.id)!;
    // The first remaining member now opens the story.
    expect(kept.headline).toBe('Follow-up');
    expect(kept.firstSeenAt.getTime()).toBeGreaterThan(daysAgo(3).getTime());
    expect(kept.firstSeenAt.getTime()).toBeLessThan(daysAgo(1.5).getTime());
    expect(await prisma.story.findUnique({ where: { id: old.id } })).toBeNull();
    // The redirect to the deleted story goes with it; the other still leads to its story.
    expect(await prisma.storyRedirect.findMany({ select: { fromId: true, toId: true } })).toEqual([
      { fromId: intoMixed, toId: mixed.id },
    ]);
    const followed = await gateway.app.inject({ method: 'GET', url: `/api/stories/${intoMixed}` });
    expect(followed.statusCode).toBe(200);
    expect((await gateway.app.inject({ method: 'GET', url: `/api/stories/${intoOld}` })).statusCode).toBe(
      404,
    );
    // Every count matches the members that are left.
    const counts = await prisma.summary.groupBy({
      by: ['storyId'],
      _count: true,
      where: { storyId: { not: null } },
    });
    for (const s of stories) {
      expect(counts.find((c) => c.storyId === s.id)?._count).toBe(s.summaryCount);
    }
  });
});
