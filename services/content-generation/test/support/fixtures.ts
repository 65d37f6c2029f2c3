import type { PrismaClient } from '@app/db';

let counter = 0;

/** A topic, a datasource and one English summary, as the pipeline would have written them. */
export async function insertSummary(
  prisma: PrismaClient,
  overrides: { headline?: string; content?: string } = {},
) {
  counter += 1;
  const slug = `gen-topic-${Date.now().toString(36)}-${counter}`;
  const topic = await prisma.topic.create({
    data: { slug, name: `AI Tools ${counter}`, nameZh: `AI 工具 ${counter}` },
  });
  const datasource = await prisma.datasource.create({
    data: {
      topicId: topic.id,
      platform: 'blog',
      sourceName: `Example Blog ${counter}`,
      sourceUrl: `https://blog.example.com/feed-${counter}.xml`,
    },
  });
  return prisma.summary.create({
    data: {
      headline: overrides.headline ?? 'Small models are getting good at code',
      content:
        overrides.content ??
        'A new benchmark shows small open models closing the gap with large ones on code tasks. '.repeat(4),
      summaryType: 'blog_post',
      language: 'EN',
      sourceUrls: ['https://blog.example.com/small-models'],
      metadata: { platform: 'blog', source_name: datasource.sourceName, topic_name: topic.name },
      topicId: topic.id,
      datasourceId: datasource.id,
    },
  });
}

/** The fake LLM's reply for a social post request: names the platform it was asked for. */
export function socialReply(request: { messages: { content: unknown }[] }) {
  const system = String(request.messages[0]?.content ?? '');
  const platform = /LinkedIn|tweet|Rednote|Reddit|WeChat/.exec(system)?.[0] ?? 'post';
  return { content: `Generated ${platform} copy about small models.`, hashtags: ['#AI', 'SmallModels'] };
}
