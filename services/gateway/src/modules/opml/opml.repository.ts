import { randomUUID } from 'node:crypto';
import type { Language, Platform, Prisma, PrismaClient } from '@app/db';

export type OpmlRepository = ReturnType<typeof createOpmlRepository>;

/** A datasource the import writes; its topic is an existing id or one of the topics it creates. */
export type OpmlDatasourceWrite = {
  topic: { id: string } | { newTopic: number };
  platform: Platform;
  sourceName: string;
  sourceUrl: string;
  htmlUrl: string | null;
  language: Language;
  /** No language was given: the first crawl reads it from the feed. */
  languageUnconfirmed: boolean;
  config: Prisma.InputJsonObject;
};

/** OPML import and export: reads across topics and datasources, and the import's single transaction. */
export function createOpmlRepository(prisma: PrismaClient) {
  return {
    topics: () =>
      prisma.topic.findMany({ select: { id: true, slug: true, name: true, nameZh: true, isActive: true } }),

    /** Every datasource's topic and feed, for telling which lines are already present. */
    existingFeeds: () =>
      prisma.datasource.findMany({
        select: { topicId: true, platform: true, sourceUrl: true, config: true },
      }),

    /** Every datasource with its topic, grouped by topic name for the export. */
    datasourcesByTopic: () =>
      prisma.topic.findMany({
        orderBy: [{ name: 'asc' }],
        select: {
          name: true,
          datasources: {
            orderBy: [{ sourceName: 'asc' }],
            select: {
              platform: true,
              sourceName: true,
              sourceUrl: true,
              htmlUrl: true,
              config: true,
              language: true,
              languageUnconfirmed: true,
            },
          },
        },
      }),

    /**
     * Creates the new topics, then every datasource, in one transaction (a batch: its topic ids are made
     * here, so no round trip waits inside it). A source another import added meanwhile is skipped rather
     * than failing the whole file.
     */
    importAll: async (newTopics: { slug: string; name: string }[], sources: OpmlDatasourceWrite[]) => {
      const created = newTopics.map((topic) => ({ id: randomUUID(), ...topic }));
      const [, result] = await prisma.$transaction([
        prisma.topic.createMany({ data: created }),
        prisma.datasource.createMany({
          data: sources.map(({ topic, ...source }) => ({
            ...source,
            topicId: 'id' in topic ? topic.id : created[topic.newTopic]!.id,
          })),
          skipDuplicates: true,
        }),
      ]);
      return { topics: created.map(({ id, name }) => ({ id, name })), datasources: result.count };
    },
  };
}
