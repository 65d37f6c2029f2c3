import type { GenerationHistoryQuerySchema } from '@app/contracts';
import type { Platform, Prisma } from '@app/db';
import type { z } from 'zod';
import { likeLiteral } from '../../lib/like-literal.ts';

// The history page's filters over content_generation_queue. The task's life (queue position, status
// poll, per-user lock, runs) is @app/tasks.

export type HistoryFilters = z.output<typeof GenerationHistoryQuerySchema>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The history page's filters; topic and datasource match an id or, case-insensitively, a name. */
export function historyWhere(
  userId: string,
  filters: HistoryFilters,
): Prisma.ContentGenerationQueueWhereInput {
  const and: Prisma.ContentGenerationQueueWhereInput[] = [{ userId }];
  if (filters.status) and.push({ status: filters.status });
  if (filters.style) and.push({ style: filters.style });
  if (filters.target_platforms?.length) and.push({ targetPlatforms: { hasSome: filters.target_platforms } });
  if (filters.source_platforms?.length) {
    const platforms = filters.source_platforms.map((p: string) => p.replace('-', '_')) as Platform[];
    and.push({ summary: { datasource: { platform: { in: platforms } } } });
  }
  if (filters.topic) {
    and.push({
      summary: UUID_RE.test(filters.topic)
        ? { topicId: filters.topic }
        : { topic: { name: { equals: likeLiteral(filters.topic), mode: 'insensitive' } } },
    });
  }
  if (filters.datasource) {
    and.push({
      summary: UUID_RE.test(filters.datasource)
        ? { datasourceId: filters.datasource }
        : { datasource: { sourceName: { equals: likeLiteral(filters.datasource), mode: 'insensitive' } } },
    });
  }
  if (filters.q) {
    const q = likeLiteral(filters.q);
    and.push({
      OR: [
        { userInput: { contains: q, mode: 'insensitive' } },
        { summary: { headline: { contains: q, mode: 'insensitive' } } },
        { summary: { content: { contains: q, mode: 'insensitive' } } },
        { generatedContent: { some: { content: { contains: q, mode: 'insensitive' } } } },
      ],
    });
  }
  return { AND: and };
}
