import { QUEUE_NAMES } from '@app/contracts';
import type { Stage, StageContext } from '../stage.ts';

const PLATFORMS = ['twitter', 'linkedin', 'reddit'];
const FINAL = new Set(['completed', 'failed', 'cancelled']);
/** The web app polls a task every 2 s; a quarter of that keeps the stage short. */
const POLL_MS = 500;

/**
 * Generate: a Pro user queues 40 social-copy tasks through the API (POST /api/generation-tasks), each
 * for three platforms, through the gateways in turn when there are several. Done: 40 completed tasks
 * with 120 pieces of copy, one per task and platform. With `poll`, "done" is what the user sees:
 * each task's status polled through the API (GET /api/generation-tasks/:id), the gateways in turn.
 */
export function generateStage(options: { tasks?: number; poll?: boolean } = {}): Stage {
  const TASKS = options.tasks ?? 40;
  let userId = '';
  let token = '';
  let summaryId = '';
  const taskIds: string[] = [];
  const polled = new Map<string, string>();
  let round = 0;
  let lastPoll = 0;
  const rows = (ctx: StageContext) =>
    ctx.prisma.contentGenerationQueue.findMany({
      where: { id: { in: taskIds } },
      select: { id: true, status: true, resultIds: true },
    });
  const gateway = (ctx: StageContext, n: number) => ctx.product.baseUrls[n % ctx.product.baseUrls.length]!;
  /** One polling round over the tasks not yet final, at most every POLL_MS; statuses by task. */
  const pollStatuses = async (ctx: StageContext) => {
    if (Date.now() - lastPoll < POLL_MS) return polled;
    lastPoll = Date.now();
    round += 1;
    const open = taskIds.filter((id) => !FINAL.has(polled.get(id) ?? ''));
    await Promise.all(
      open.map(async (id, i) => {
        const response = await fetch(`${gateway(ctx, round + i)}/api/generation-tasks/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await response.json()) as { data?: { status?: string } };
        if (response.status !== 200 || !body.data?.status) {
          throw new Error(
            `GET /api/generation-tasks/${id} answered ${response.status}: ${JSON.stringify(body)}`,
          );
        }
        polled.set(id, body.data.status);
      }),
    );
    return polled;
  };

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
        const response = await fetch(`${gateway(ctx, i)}/api/generation-tasks`, {
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
    done: async (ctx) =>
      options.poll
        ? [...(await pollStatuses(ctx)).values()].filter((status) => status === 'completed').length
        : (await rows(ctx)).filter((r) => r.status === 'completed').length,
    inFlight: async (ctx) => (await rows(ctx)).filter((r) => r.status === 'processing').map((r) => r.id),
    complete: async (ctx) =>
      options.poll
        ? [...(await pollStatuses(ctx)).values()].filter((status) => FINAL.has(status)).length === TASKS
        : (await rows(ctx)).every((r) => r.status === 'completed' || r.status === 'failed'),
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
