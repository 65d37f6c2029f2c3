import type { PrismaClient } from '@app/db';
import { defineProcessor } from '@app/queue';
import type { Queue } from 'bullmq';
import { sweepUndispatched } from '@app/tasks/generation';

/** The scheduled outbox sweep: adds the jobs of pending tasks that never reached the queue. */
export const generationSweepProcessor = (deps: { prisma: PrismaClient; queue: Queue }) =>
  defineProcessor({
    name: 'generation-sweep',
    handle: async (_payload, { log }) => ({ added: await sweepUndispatched(deps.prisma, deps.queue, log) }),
  });
