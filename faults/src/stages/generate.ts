import { QUEUE_NAMES } from '@app/contracts';
import type { FaultContext, Stage } from '../stage.ts';

const TASKS = 40;
const PLATFORMS = ['twitter', 'linkedin', 'reddit'];

/**
 * Generate: a Pro user queues 40 social-copy tasks through the API (POST /api/generation-tasks), each
 * for three platforms. Done: 40 completed tasks with 120 pieces of copy, one per task and platform.
 */
export function generateStage(): Stage {
  let userId = '';
  let token = '';
  let summaryId = '';
  const taskIds: string[] = [];
  const rows = (ctx: FaultContext) =>
    ctx.prisma.contentGenerationQueue.findMany({
      where: { id: { in: taskIds } },
      select: { id: true, status: true, resultIds: true },
    });

  return {
    name: 'generate',
    worker: 'content-generation',
    queue: QUEUE_NAMES.generation,
    jobs: TASKS,
    unit: 'generation tasks',
    async prepare(ctx) {
      const topic = await ctx.prisma.topic.create({
        data: { slug: 'faults-generate', name: 'Faults: generate' },
      });
      const summary = await ctx.prisma.summary.create({
        data: {
          topicId: topic.id,
          language: 'EN',
          summaryType: 'blog_post',
          headline: 'Small models are getting good at code',
          content: 'A new benchmark shows small open models closing the gap on code tasks. '.repeat(4),
          sourceUrls: ['https://blog.example.com/small-models'],
        },
      });
      summaryId = summary.id;
      ({ token, userId } = await ctx.login('pro'));
    },
    async trigger(ctx) {
      for (let i = 0; i < TASKS; i++) {
        const response = await fetch(`${ctx.product.baseUrl}/api/generation-tasks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ summary_id: summaryId, target_platforms: PLATFORMS, style: 'engaging' }),
        });
        const body = (await response.json()) as { task_id?: string };
        if (response.status !== 200 || !body.task_id) {
          throw new Error(`POST /api/generation-tasks answered ${response.status}: ${JSON.stringify(body)}`);
        }
        taskIds.push(body.task_id);
      }
    },
    done: async (ctx) => (await rows(ctx)).filter((r) => r.status === 'completed').length,
    inFlight: async (ctx) => (await rows(ctx)).filter((r) => r.status === 'processing').map((r) => r.id),
    complete: async (ctx) =>
      (await rows(ctx)).every((r) => r.status === 'completed' || r.status === 'failed'),
    async verify(ctx, inFlightAtKill) {
      const tasks = await rows(ctx);
      const content = await ctx.prisma.userGeneratedContent.findMany({
        where: { userId },
        select: { id: true, taskId: true, targetPlatform: true },
      });
      const keys = new Set(content.map((c) => `${c.taskId} ${c.targetPlatform}`));
      const completed = new Set(tasks.filter((t) => t.status === 'completed').map((t) => t.id));
      const missing = taskIds.flatMap((id) => PLATFORMS.filter((p) => !keys.has(`${id} ${p}`)));
      const badResults = tasks.filter((t) => new Set(t.resultIds).size !== PLATFORMS.length).length;
      return {
        outputs: {
          'completed tasks': { expected: TASKS, actual: completed.size },
          'generated copy': { expected: TASKS * PLATFORMS.length, actual: content.length },
        },
        recovered: inFlightAtKill.filter((id) => completed.has(id)).length,
        duplicates: content.length - keys.size,
        lost: TASKS - completed.size + missing.length,
        notes: badResults ? [`${badResults} tasks list the wrong result_ids`] : [],
      };
    },
  };
}
