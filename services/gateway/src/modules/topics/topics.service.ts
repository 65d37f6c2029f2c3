import { AppError } from '@app/contracts';
import type { ServiceContext } from '../context.ts';
import { toPublishedDto } from '../generation/generation.mapper.ts';
import { toTopicDto } from './topic.mapper.ts';

export type TopicsService = ReturnType<typeof createTopicsService>;

/** The repositories this service is given (its module's index.ts hands it these only). */
export const TOPICS_REPOS = ['generatedContent', 'topics'] as const;

/** The reader's topics: the active list, one topic page and the content published from it. */
export function createTopicsService({ repos }: ServiceContext<(typeof TOPICS_REPOS)[number]>) {
  async function find(idOrSlug: string) {
    const topic = await repos.topics.findByIdOrSlug(idOrSlug);
    if (!topic) throw new AppError('NOT_FOUND', 'Topic not found');
    return toTopicDto(topic);
  }

  return {
    list: async () => (await repos.topics.listActive()).map(toTopicDto),

    /** An active topic by id or slug; a paused one is not found. */
    async getActive(idOrSlug: string) {
      const topic = await find(idOrSlug);
      if (!topic.is_active) throw new AppError('NOT_FOUND', 'Topic not found');
      return topic;
    },

    /**
     * The copy its authors published from the topic's summaries (a paused topic's too), from summaries
     * within `range`: the caller's reading window, as the topic's summaries list applies it.
     */
    async publishedContent(idOrSlug: string, range: { from?: Date; to?: Date }) {
      const rows = await repos.generatedContent.publishedOfTopic((await find(idOrSlug)).id, range);
      return rows.map(toPublishedDto);
    },
  };
}
