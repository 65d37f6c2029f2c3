import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Gateway, signedInUser, startGateway } from './support/gateway-harness.ts';

// Redis unreachable when a task is created: the row is written and answered (pending, not yet dispatched);
// the content-generation service's sweep adds the job once the queue answers again (services/content-generation
// test/resilience.test.ts covers that half).
let gateway: Gateway;

beforeAll(async () => {
  gateway = await startGateway({ REDIS_URL: 'redis://127.0.0.1:1' });
});

afterAll(async () => {
  await gateway?.close();
});

it('accepts a task while Redis is down and leaves it for the sweep', async () => {
  const user = await signedInUser(gateway, { plan: 'pro' }, 'redis-down');
  const summary = await gateway.db.prisma.summary.create({
    data: { headline: 'A summary', content: 'Some content.', summaryType: 'blog_post', language: 'EN' },
  });
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/api/generation-tasks',
    headers: user.headers,
    payload: { summary_id: summary.id, target_platforms: ['twitter'] },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ success: true, queue_position: 1, estimated_wait_time: 0 });
  const row = await gateway.db.prisma.contentGenerationQueue.findUniqueOrThrow({
    where: { id: response.json().task_id },
  });
  expect(row).toMatchObject({ userId: user.id, status: 'pending', dispatchedAt: null });
}, 20_000);
