import type { DigestDueResponse, DigestSendDueResponse } from '@app/contracts';
import { AppError } from '@app/contracts';
import { dueZones } from '@app/digest';
import type { ServiceContext } from '../context.ts';

export type DigestOpsService = ReturnType<typeof createDigestOpsService>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const DIGEST_OPS_REPOS = ['digestDue'] as const;

/**
 * The admin's "send the digest to everyone due now": how many that is, then one digest tick, the same
 * job the schedule runs every few minutes (each subscriber is still served once per local date).
 */
export function createDigestOpsService(ctx: ServiceContext<(typeof DIGEST_OPS_REPOS)[number]>) {
  const repo = ctx.repos.digestDue;

  async function due(): Promise<DigestDueResponse> {
    const zones = [];
    for (const zone of dueZones(ctx.clock(), await repo.zones())) {
      const count = await repo.countDue(zone.timeZone, zone.date);
      if (count > 0) zones.push({ time_zone: zone.timeZone, date: zone.date, count });
    }
    return { due_count: zones.reduce((sum, z) => sum + z.count, 0), zones };
  }

  return {
    due,

    async sendDue(requestId: string): Promise<DigestSendDueResponse> {
      const { due_count } = await due();
      try {
        const jobId = await ctx.producer.enqueue('digest-tick', { requestId });
        ctx.logger.info({ jobId, due: due_count, requestId }, 'admin started a digest send');
        return { job_id: jobId, due_count };
      } catch (error) {
        ctx.logger.error({ err: error, requestId }, 'cannot enqueue the digest send');
        throw new AppError('UNAVAILABLE', 'The job queue is not available; try again shortly');
      }
    },
  };
}
