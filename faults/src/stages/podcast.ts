import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PODCAST_BUCKET, QUEUE_NAMES } from '@app/contracts';
import type { StageContext, Stage } from '../stage.ts';

const TOPICS = 10;
const LANGUAGES = ['EN', 'ZH'] as const;

/**
 * Podcast: yesterday's summaries for 10 topics in English and Chinese, and the daily podcast job
 * (what the scheduler adds at 00:30). Done: 20 completed podcast tasks and exactly one MP3 each.
 */
export function podcastStage(): Stage {
  const topicIds: string[] = [];
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const tasks = (ctx: StageContext) =>
    ctx.prisma.podcastTask.findMany({
      where: { topicId: { in: topicIds } },
      select: { id: true, status: true, metadata: true },
    });
  const audioFiles = async (ctx: StageContext) => {
    const root = path.join(ctx.storageDir, PODCAST_BUCKET);
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile() && e.name.endsWith('.mp3'))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  };

  return {
    name: 'podcast',
    worker: 'podcast',
    queue: QUEUE_NAMES.podcast,
    jobs: TOPICS * LANGUAGES.length,
    unit: 'podcasts',
    async prepare(ctx) {
      const createdAt = new Date(`${yesterday}T12:00:00Z`);
      for (let i = 0; i < TOPICS; i++) {
        const topic = await ctx.prisma.topic.create({
          data: { slug: `faults-podcast-${i}`, name: `Faults podcast ${i}`, nameZh: `故障播客 ${i}` },
        });
        topicIds.push(topic.id);
        await ctx.prisma.summary.createMany({
          data: LANGUAGES.flatMap((language) =>
            [1, 2, 3].map((n) => ({
              topicId: topic.id,
              language,
              summaryType: 'blog_post' as const,
              headline: language === 'EN' ? `Story ${n}` : `新闻 ${n}`,
              content: language === 'EN' ? `What happened in story ${n}.` : `新闻 ${n} 的摘要。`,
              createdAt,
            })),
          ),
        });
      }
    },
    async trigger(ctx) {
      await ctx.producer.enqueue('podcast-daily', { targetDate: yesterday, topicIds });
    },
    done: async (ctx) => (await tasks(ctx)).filter((t) => t.status === 'completed').length,
    inFlight: async (ctx) => (await tasks(ctx)).filter((t) => t.status === 'processing').map((t) => t.id),
    async verify(ctx, inFlightAtKill) {
      const all = await tasks(ctx);
      const completed = new Set(all.filter((t) => t.status === 'completed').map((t) => t.id));
      const files = await audioFiles(ctx);
      const perTask = new Map<string, number>();
      for (const file of files) {
        const taskId = file.split(path.sep)[0]!;
        perTask.set(taskId, (perTask.get(taskId) ?? 0) + 1);
      }
      const withAudio = all.filter(
        (t) => (t.metadata as { final_audio_path?: string }).final_audio_path && perTask.has(t.id),
      );
      return {
        outputs: {
          'completed podcasts': { expected: TOPICS * LANGUAGES.length, actual: completed.size },
          'MP3 files': { expected: TOPICS * LANGUAGES.length, actual: files.length },
        },
        recovered: inFlightAtKill.filter((id) => completed.has(id)).length,
        duplicates: all.length - new Set(all.map((t) => t.id)).size + (files.length - perTask.size),
        lost: TOPICS * LANGUAGES.length - Math.min(completed.size, withAudio.length),
        notes: [],
      };
    },
  };
}
