import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PrismaClient } from '@app/db';
import { repoRoot } from '@app/testing';

// The stories package's labelled set, stored as summaries the way the summarizer writes them: what
// the clustering tests in this service run on.

export type LabelledItem = {
  id: string;
  event: string;
  language: 'EN' | 'ZH';
  source: string;
  headline: string;
  text: string;
  eventAt: string;
};

export const labelledItems = (
  JSON.parse(
    readFileSync(path.join(repoRoot(), 'packages/stories/test/fixtures/labelled-stories.json'), 'utf8'),
  ) as { items: LabelledItem[] }
).items;

/**
 * The labelled set as summaries (event time = creation time, one datasource per outlet), in the
 * set's order; returns their ids in that order.
 */
export async function storeLabelled(prisma: PrismaClient): Promise<string[]> {
  const topic = await prisma.topic.create({ data: { slug: 'labelled', name: 'Labelled' } });
  const sources = new Map<string, string>();
  for (const [index, source] of [...new Set(labelledItems.map((item) => item.source))].entries()) {
    const datasource = await prisma.datasource.create({
      data: {
        topicId: topic.id,
        platform: 'blog',
        sourceName: source,
        sourceUrl: `https://source${index}.example/feed`,
      },
    });
    sources.set(source, datasource.id);
  }
  const created = await prisma.summary.createManyAndReturn({
    data: labelledItems.map((item) => ({
      headline: item.headline,
      content: item.text,
      summaryType: 'blog_post' as const,
      language: item.language,
      datasourceId: sources.get(item.source)!,
      topicId: topic.id,
      createdAt: new Date(item.eventAt),
    })),
    select: { id: true },
  });
  // createManyAndReturn keeps the input order.
  return created.map((row) => row.id);
}
