import type { PrismaClient } from '@app/db';

export type HealthRepository = ReturnType<typeof createHealthRepository>;

export function createHealthRepository(prisma: PrismaClient) {
  return {
    /** Readiness: the database answers a trivial query. */
    ping: () => prisma.$queryRaw`SELECT 1`,
  };
}
