import type { Language, Platform, Prisma, PrismaClient } from '@app/db';

export type OpmlRepository = ReturnType<typeof createOpmlRepository>;

/** A datasource the import writes; its topic is an existing id or one of the topics it creates. */
export type OpmlDatasourceWrite = {
  topic: { id: string } | { newTopic: number };
  platform: Platform;
  sourceName: string;
  sourceUrl: string;
  language: Language;
  config: Prisma.InputJsonObject;
};

/** OPML import and export: reads across topics and datasources, and the import's single transaction. */
export function createOpmlRepository(prisma: PrismaClient) {
  return {
    topics: () =>
      prisma.topic.findMany({ select: { id: true, slug: true, name: true, nameZh: true, isActive: true } }),

    /** Datasources whose URL is one of `urls`, for the duplicate check. */
    existingSources: (urls: string[]) =>
      prisma.datasource.findMany({
        where: { sourceUrl: { in: urls } },
        select: { topicId: true, platform: true, sourceUrl: true },
      }),

    /** Every datasource with its topic, grouped by topic name for the export. */
    datasourcesByTopic: () =>
      prisma.topic.findMany({
        orderBy: [{ name: 'asc' }],
        select: {
          name: true,
          datasources: {
            orderBy: [{ sourceName: 'asc' }],
            select: { platform: true, sourceName: true, sourceUrl: true, language: true },
          },
        },
      }),

    /** Creates the new topics, then every datasource, in one transaction: all of it or none. */
    importAll: (newTopics: { slug: string; name: string }[], sources: OpmlDatasourceWrite[]) =>
      prisma.$transaction(async (tx) => {
        const created: { id: string; name: string }[] = [];
        for (const topic of newTopics) {
          created.push(await tx.topic.create({ data: topic, select: { id: true, name: true } }));
        }
        const result = await tx.datasource.createMany({
          data: sources.map(({ topic, ...source }) => ({
            ...source,
            topicId: 'id' in topic ? topic.id : created[topic.newTopic]!.id,
          })),
        });
        return { topics: created, datasources: result.count };
      }),
  };
}
