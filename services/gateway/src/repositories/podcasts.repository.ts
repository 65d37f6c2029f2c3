import type { PrismaClient } from '@app/db';

export type PodcastRow = {
  id: string;
  topicId: string;
  topicName: string;
  topicNameZh: string | null;
  targetDate: Date;
  language: 'EN' | 'ZH';
  status: string;
  createdAt: Date;
  completedAt: Date | null;
  metadata: Record<string, unknown>;
  hasTranscript: boolean;
};

const metadataOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** podcast_tasks reads (spec §7): completed ones with completed_at, by target_date desc then topic name. */
export function createPodcastsRepository(prisma: PrismaClient) {
  return {
    async listCompleted(filter: { language: 'EN' | 'ZH'; date?: string; topicId?: string }, limit = 500) {
      const rows = await prisma.podcastTask.findMany({
        where: {
          status: 'completed',
          completedAt: { not: null },
          language: filter.language,
          ...(filter.date ? { targetDate: new Date(`${filter.date}T00:00:00Z`) } : {}),
          ...(filter.topicId ? { topicId: filter.topicId } : {}),
        },
        include: { topic: { select: { name: true, nameZh: true } } },
        orderBy: [{ targetDate: 'desc' }, { topic: { name: 'asc' } }, { id: 'asc' }],
        take: limit,
      });
      return rows.map(
        (row): PodcastRow => ({
          id: row.id,
          topicId: row.topicId,
          topicName: row.topic.name,
          topicNameZh: row.topic.nameZh,
          targetDate: row.targetDate,
          language: row.language,
          status: row.status,
          createdAt: row.createdAt,
          completedAt: row.completedAt,
          metadata: metadataOf(row.metadata),
          hasTranscript: Boolean(row.transcript),
        }),
      );
    },

    /** A completed podcast's audio path and transcript, or null. */
    async findCompleted(id: string) {
      const row = await prisma.podcastTask.findFirst({
        where: { id, status: 'completed', completedAt: { not: null } },
        select: { id: true, language: true, transcript: true, metadata: true },
      });
      return row ? { ...row, metadata: metadataOf(row.metadata) } : null;
    },
  };
}
