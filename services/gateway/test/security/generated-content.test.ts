import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, type SecurityStack, startSecurityStack } from './security-harness.ts';

// Generated copy is private to its author until they publish it. Each role reads every route that
// returns generated content, results or tasks, before and after the author publishes and unpublishes
// one result; nobody else ever reads the task's instructions (user_input).

const INSTRUCTIONS = 'sec-lifecycle-instructions-only-the-author-reads';
const OTHERS: Role[] = ['visitor', 'free', 'other', 'admin'];

let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack();
});
afterAll(async () => {
  await stack?.close();
});

const as = (role: Role, method: 'GET' | 'PATCH', url: string, payload?: object) =>
  stack.gateway.app.inject({ method, url, headers: stack.headers(role), ...(payload ? { payload } : {}) });
const topicList = (role: Role) => as(role, 'GET', `/api/topics/${stack.fx.topic.slug}/generated-content`);
const publish = (role: Role, id: string, published: boolean) =>
  as(role, 'PATCH', `/api/generated-content/${id}`, { published });

/** Every answer `role` gets about the result and its task, from each route that returns them. */
async function everythingSeenBy(role: Role, result: { id: string; taskId: string | null }) {
  const answers = await Promise.all([
    topicList(role),
    as(role, 'GET', `/api/topics/${stack.fx.topic.id}/generated-content`),
    as(role, 'GET', `/api/generated-content?ids=${result.id}`),
    as(role, 'GET', `/api/generation-tasks/${result.taskId}`),
    as(role, 'GET', '/api/generation-tasks'),
    as(role, 'GET', `/api/generation-tasks?q=${INSTRUCTIONS.slice(0, 20)}`),
    as(role, 'GET', `/api/summaries/${stack.fx.summary.id}`),
    as(role, 'GET', `/feeds/topics/${stack.fx.topic.slug}.json?lang=en`),
  ]);
  return answers.map((answer) => answer.body).join('\n');
}

const listedIds = async (role: Role) =>
  (await topicList(role)).json().data.map((item: { id: string }) => item.id) as string[];

describe('generated content is private until its author publishes it', () => {
  it('a new result is seen by its author only, on every route, and nobody else can publish it', async () => {
    const result = await stack.fresh.result('pro', { userInput: INSTRUCTIONS });
    for (const role of OTHERS) {
      expect(await listedIds(role), role).not.toContain(result.id);
      const seen = await everythingSeenBy(role, result);
      expect(seen, role).not.toContain(result.id);
      expect(seen, role).not.toContain(INSTRUCTIONS);
    }
    // The author: not on the topic page either (a draft), but in their own results and history.
    expect(await listedIds('pro')).not.toContain(result.id);
    const own = await as('pro', 'GET', `/api/generated-content?ids=${result.id}`);
    expect(own.json().data).toMatchObject([{ id: result.id, published_at: null }]);
    const history = await as('pro', 'GET', `/api/generation-tasks?q=${INSTRUCTIONS.slice(0, 20)}`);
    expect(history.json().data).toMatchObject([{ id: result.taskId, user_input: INSTRUCTIONS }]);

    // Anyone else trying to publish it: 401 for a visitor, 404 for the rest (as if it did not exist).
    for (const role of OTHERS) {
      const response = await publish(role, result.id, true);
      expect(response.statusCode, role).toBe(role === 'visitor' ? 401 : 404);
      expect(response.body, role).not.toContain(stack.fx.topic.id);
    }
    const row = await stack.prisma.userGeneratedContent.findUniqueOrThrow({ where: { id: result.id } });
    expect(row.publishedAt).toBeNull();
    for (const role of OTHERS) expect(await listedIds(role), role).not.toContain(result.id);
  });

  it('once published it is on the topic page for everyone, by display name, without the instructions', async () => {
    const result = await stack.fresh.result('pro', { userInput: INSTRUCTIONS });
    const published = await publish('pro', result.id, true);
    expect(published.statusCode).toBe(200);
    const publishedAt = published.json().data.published_at;
    expect(publishedAt).toEqual(expect.any(String));
    // Publishing again keeps the first publication time.
    expect((await publish('pro', result.id, true)).json().data.published_at).toBe(publishedAt);

    for (const role of [...OTHERS, 'pro'] as Role[]) {
      const list = await topicList(role);
      const item = list.json().data.find((entry: { id: string }) => entry.id === result.id);
      expect(item, role).toEqual({
        id: result.id,
        target_platform: 'twitter',
        content: result.content,
        hashtags: [],
        source_urls: [],
        created_at: result.createdAt.toISOString(),
        published_at: publishedAt,
        source_name: stack.fx.datasource.sourceName,
        author_name: 'Sec Author',
      });
      expect(list.body, role).not.toContain(INSTRUCTIONS);
      expect(list.body, role).not.toContain(stack.users.pro.id);
      expect(list.body, role).not.toContain(stack.users.pro.email);
      // The task and its instructions stay the author's own: publishing shares the copy only.
      if (role !== 'pro') expect(await everythingSeenBy(role, result), role).not.toContain(INSTRUCTIONS);
    }
  });

  it('once unpublished it leaves the topic page again', async () => {
    const result = await stack.fresh.result('pro', { userInput: INSTRUCTIONS, published: true });
    for (const role of OTHERS) expect(await listedIds(role), role).toContain(result.id);
    // Nobody else can take it down either.
    for (const role of OTHERS)
      expect((await publish(role, result.id, false)).statusCode, role).toBe(role === 'visitor' ? 401 : 404);
    expect(await listedIds('visitor')).toContain(result.id);

    const unpublished = await publish('pro', result.id, false);
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json().data).toMatchObject({ id: result.id, published_at: null });
    for (const role of [...OTHERS, 'pro'] as Role[])
      expect(await listedIds(role), role).not.toContain(result.id);
  });

  it('keeps the free window: visitors and free users see items of yesterday and today only', async () => {
    const { oldPublishedResult, publishedResult } = stack.fx;
    for (const role of ['visitor', 'free'] as Role[]) {
      const ids = await listedIds(role);
      expect(ids, role).toContain(publishedResult.id);
      expect(ids, role).not.toContain(oldPublishedResult.id);
    }
    for (const role of ['pro', 'other', 'admin'] as Role[]) {
      expect(await listedIds(role), role).toEqual(
        expect.arrayContaining([publishedResult.id, oldPublishedResult.id]),
      );
    }
    const zoned = await as(
      'visitor',
      'GET',
      `/api/topics/${stack.fx.topic.slug}/generated-content?timezone=Asia/Shanghai`,
    );
    expect(zoned.statusCode).toBe(200);
    const badZone = await as(
      'visitor',
      'GET',
      `/api/topics/${stack.fx.topic.slug}/generated-content?timezone=Nowhere/Else`,
    );
    expect(badZone.statusCode).toBe(400);
  });

  it('validates the body: only {published: boolean}', async () => {
    const result = await stack.fresh.result('pro');
    const url = `/api/generated-content/${result.id}`;
    for (const payload of [
      {},
      { published: 'yes' },
      { published: 1 },
      { published: null },
      { published: true, user_id: stack.users.other.id },
      { published: true, published_at: '2000-01-01T00:00:00Z' },
    ]) {
      const response = await as('pro', 'PATCH', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await as('pro', 'PATCH', '/api/generated-content/not-a-uuid', { published: true })).statusCode,
    ).toBe(400);
    expect((await publish('pro', '00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
    const row = await stack.prisma.userGeneratedContent.findUniqueOrThrow({ where: { id: result.id } });
    expect(row.publishedAt).toBeNull();
  });
});
