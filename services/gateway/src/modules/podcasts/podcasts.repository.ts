import type { PrismaClient } from '@app/db';
import { dateColumn } from '@app/time';

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

/**
 * Readers see a failed podcast too when its script was written: its transcript can be read, and the page
 * says why there is no audio (a podcast is never completed without audio).
 */
const READABLE = [
  { status: 'completed' as const, completedAt: { not: null } },
  { status: 'failed' as const, transcript: { not: null } },
];

/** podcast_tasks reads (spec §7): completed ones with completed_at, by target_date desc then topic name. */
export function createPodcastsRepository(prisma: PrismaClient) {
  return {
    /** The podcast page's list: completed podcasts, and failed ones that have a transcript. */
    async listForReaders(filter: { language: 'EN' | 'ZH'; date?: string; topicId?: string }, limit = 500) {
      const rows = await prisma.podcastTask.findMany({
        where: {
          OR: READABLE,
          language: filter.language,
          ...(filter.date ? { targetDate: dateColumn(filter.date) } : {}),
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

    /**
     * The private podcast feed's episodes: completed podcasts in these languages (and topics, when
     * chosen), newest completion first.
     */
    async listFeedEpisodes(filter: { languages: ('EN' | 'ZH')[]; topicIds?: string[] }, limit: number) {
      const rows = await prisma.podcastTask.findMany({
        where: {
          status: 'completed',
          completedAt: { not: null },
          language: { in: filter.languages },
          ...(filter.topicIds ? { topicId: { in: filter.topicIds } } : {}),
        },
        select: {
          id: true,
          topicId: true,
          targetDate: true,
          language: true,
          completedAt: true,
          metadata: true,
          transcript: true,
          topic: { select: { name: true, nameZh: true } },
        },
        orderBy: [{ completedAt: 'desc' }, { id: 'asc' }],
        take: limit,
      });
      return rows.map((row) => ({
        id: row.id,
        topicId: row.topicId,
        topicName: row.language === 'ZH' && row.topic.nameZh ? row.topic.nameZh : row.topic.name,
        targetDate: row.targetDate,
        language: row.language,
        completedAt: row.completedAt as Date,
        metadata: metadataOf(row.metadata),
        hasTranscript: Boolean(row.transcript),
      }));
    },

    /** Topic names for a feed's title, by id. */
    topicNames: (ids: string[]) =>
      prisma.topic.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, nameZh: true } }),

    /** The transcript of a podcast the page lists (completed, or failed after its script), or null. */
    async findReadable(id: string) {
      return prisma.podcastTask.findFirst({
        where: { id, OR: READABLE },
        select: { id: true, language: true, transcript: true },
      });
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
