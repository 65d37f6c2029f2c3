import { createHash } from 'node:crypto';
import { QUEUE_NAMES } from '@app/contracts';
import type { Stage } from '../stage.ts';

const POSTS = 120;
const PER_CRAWL = 20;

/**
 * Summarise: 120 crawled posts waiting for a summary, queued as the crawler queues them (one
 * summarize-posts job per crawl of 20, with its deterministic job id). Done: every post
 * summarised, one summary each.
 */
export function summariseStage(): Stage {
  let datasourceId = '';
  const postIds: string[] = [];

  return {
    name: 'summarise',
    worker: 'summarizer',
    queue: QUEUE_NAMES.summarize,
    jobs: POSTS,
    unit: 'posts',
    async prepare(ctx) {
      const topic = await ctx.prisma.topic.create({
        data: { slug: 'faults-summarise', name: 'Faults: summarise' },
      });
      const datasource = await ctx.prisma.datasource.create({
        data: {
          topicId: topic.id,
          platform: 'blog',
          sourceName: 'Fault summaries',
          sourceUrl: 'https://blog.example.com/feed.xml',
          isActive: false,
        },
      });
      datasourceId = datasource.id;
      for (let i = 0; i < POSTS; i++) {
        const url = `https://blog.example.com/posts/${i}`;
        const post = await ctx.prisma.post.create({
          data: {
            datasourceId,
            url,
            urlHash: createHash('sha256').update(url).digest('hex'),
            title: `Post ${i}`,
            content: `<p>${'A paragraph worth summarising for the fault run. '.repeat(20)}</p>`,
            publishedAt: new Date(),
          },
        });
        postIds.push(post.id);
      }
    },
    async trigger(ctx) {
      for (let i = 0; i < postIds.length; i += PER_CRAWL) {
        const batch = postIds.slice(i, i + PER_CRAWL);
        await ctx.producer.enqueue(
          'summarize-posts',
          { postIds: batch, language: 'EN' },
          { jobId: `posts-EN-${i}-${batch.length}` },
        );
      }
    },
    done: (ctx) => ctx.prisma.post.count({ where: { datasourceId, status: 'summarized' } }),
    async inFlight(ctx) {
      const active = await ctx.producer.queue(QUEUE_NAMES.summarize).getActive();
      return active.flatMap((job) => (job.data as { postIds: string[] }).postIds);
    },
    async verify(ctx, inFlightAtKill) {
      const summaries = await ctx.prisma.summary.groupBy({
        by: ['postId'],
        where: { datasourceId },
        _count: { _all: true },
      });
      const perPost = new Map(summaries.map((s) => [s.postId, s._count._all]));
      const total = summaries.reduce((n, s) => n + s._count._all, 0);
      return {
        outputs: {
          summaries: { expected: POSTS, actual: total },
          'posts marked summarized': {
            expected: POSTS,
            actual: await ctx.prisma.post.count({ where: { datasourceId, status: 'summarized' } }),
          },
        },
        recovered: inFlightAtKill.filter((id) => perPost.has(id)).length,
        duplicates: [...perPost.values()].reduce((n, c) => n + Math.max(0, c - 1), 0),
        lost: postIds.filter((id) => !perPost.has(id)).length,
        notes: [],
      };
    },
  };
}
