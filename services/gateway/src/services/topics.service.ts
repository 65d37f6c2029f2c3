import { AppError } from '@app/contracts';
import type { ServiceContext } from './context.ts';

export type TopicsService = ReturnType<typeof createTopicsService>;

/** The reader's topics: the active list, one topic page and the content generated from it. */
export function createTopicsService({ repos }: ServiceContext) {
  async function find(idOrSlug: string) {
    const topic = await repos.topics.findByIdOrSlug(idOrSlug);
    if (!topic) throw new AppError('NOT_FOUND', 'Topic not found');
    return topic;
  }

  return {
    list: () => repos.topics.listActive(),

    /** An active topic by id or slug; a paused one is not found. */
    async getActive(idOrSlug: string) {
      const topic = await find(idOrSlug);
      if (!topic.is_active) throw new AppError('NOT_FOUND', 'Topic not found');
      return topic;
    },

    /** Generated content made from the topic's summaries (a paused topic's too). */
    async generatedContent(idOrSlug: string) {
      return repos.generatedContent.ofTopic((await find(idOrSlug)).id);
    },
  };
}
