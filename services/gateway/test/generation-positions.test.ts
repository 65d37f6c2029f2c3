import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// Queue positions across buckets of 100 (generation_queue_buckets, kept by a trigger) must equal a
// brute-force count of the pending tasks ahead, as tasks leave the queue out of order and come back.
let gateway: Gateway;
let token: string;
let userId: string;

beforeAll(async () => {
  gateway = await startGateway();
  const user = await signedInUser(gateway, { plan: 'pro' }, 'positions');
  userId = user.id;
  token = user.accessToken;
});

afterAll(async () => {
  await gateway?.close();
});

async function positionOf(id: string): Promise<number> {
  const response = await gateway.app.inject({
    method: 'GET',
    url: `/api/generation-tasks/${id}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.queue_position;
}

async function expected(): Promise<Map<string, number>> {
  const rows = await gateway.db.prisma.contentGenerationQueue.findMany({
    where: { status: 'pending' },
    orderBy: { queueSeq: 'asc' },
    select: { id: true },
  });
  return new Map(rows.map((row, index) => [row.id, index + 1]));
}

it('matches a brute-force count as tasks leave out of order, are retried and deleted', async () => {
  await gateway.db.prisma.$executeRaw`
    INSERT INTO content_generation_queue (id, task_id, user_id, status, style, target_platforms, updated_at)
    SELECT id, id::text, ${userId}::uuid, 'pending', 'engaging', ARRAY['twitter'], now()
    FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 350)) AS s`;
  const all = await gateway.db.prisma.contentGenerationQueue.findMany({
    orderBy: { queueSeq: 'asc' },
    select: { id: true },
  });
  const check = async () => {
    const want = await expected();
    const sample = [...want.keys()].filter((_, index) => index % 37 === 0 || index === want.size - 1);
    for (const id of sample) expect(await positionOf(id)).toBe(want.get(id));
    return want;
  };
  expect((await check()).get(all.at(-1)!.id)).toBe(350);
  // Out of order: some finish, some are cancelled, one whole bucket empties, some are deleted.
  const ids = all.map((row) => row.id);
  await gateway.db.prisma.contentGenerationQueue.updateMany({
    where: { id: { in: ids.filter((_, i) => i % 3 === 0) } },
    data: { status: 'completed' },
  });
  await gateway.db.prisma.contentGenerationQueue.updateMany({
    where: { id: { in: ids.slice(100, 200) } },
    data: { status: 'cancelled' },
  });
  await gateway.db.prisma.contentGenerationQueue.deleteMany({ where: { id: { in: ids.slice(300, 310) } } });
  await check();
  // A retried task goes to the back of the queue.
  const retried = ids[150]!;
  const response = await gateway.app.inject({
    method: 'POST',
    url: `/api/generation-tasks/${retried}/retry`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  const want = await check();
  expect(await positionOf(retried)).toBe(want.size);
  // Finished tasks answer 0.
  expect(await positionOf(ids[0]!)).toBe(0);
  const buckets = await gateway.db.prisma.$queryRaw<
    { pending: number }[]
  >`SELECT sum(pending)::int AS pending FROM generation_queue_buckets`;
  expect(buckets[0]!.pending).toBe(want.size);
});
