import type { PrismaClient } from '@app/db';
import {
  findCurrentStory,
  findStory,
  listStories,
  mergeStories,
  splitStory,
  type StoryListFilter,
  storyRuleProgress,
} from '@app/stories/store';

export type StoriesRepository = ReturnType<typeof createStoriesRepository>;

/** stories: reads, the admin's list the admin's split and merge (the clustering itself runs in the summarizer). */
export function createStoriesRepository(prisma: PrismaClient) {
  return {
    find: (id: string) => findStory(prisma, id),
    /** The story at `id`, or the one it went into since (a merge, a re-clustering). */
    findCurrent: (id: string) => findCurrentStory(prisma, id),
    list: (filter: StoryListFilter) => listStories(prisma, filter),
    split: (id: string, summaryIds: string[]) => splitStory(prisma, id, summaryIds),
    merge: (id: string, otherId: string) => mergeStories(prisma, id, otherId),
    ruleProgress: () => storyRuleProgress(prisma),
  };
}
