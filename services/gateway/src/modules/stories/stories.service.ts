import {
  ADMIN_STORY_MEMBERS_MAX,
  type AdminStoriesQuery,
  type AdminStoriesResponse,
  AppError,
  QUEUE_NAMES,
  STORY_MESSAGES,
  type StoryClusteringStatus,
  type StoryDetail,
} from '@app/contracts';
import { decodeStoryCursor, encodeStoryCursor } from '@app/rules';
import { StoryChangeError, type StoryRecord } from '@app/stories/store';
import type { Caller } from '../../lib/caller.ts';
import { freeWindowError } from '../summaries/content.service.ts';
import type { ServiceContext } from '../context.ts';
import { webUrls } from '../../lib/web-urls.ts';
import { freeWindow } from '../../lib/zoned-dates.ts';

function toStoryDetail(story: StoryRecord): StoryDetail {
  return {
    id: story.id,
    headline: story.headline,
    language: story.language,
    languages: [...new Set(story.members.map((m) => m.language))].sort(),
    summary_count: story.members.length,
    first_seen_at: story.first_seen_at.toISOString(),
    last_seen_at: story.last_seen_at.toISOString(),
    summaries: story.members.map((m) => ({
      id: m.id,
      headline: m.headline,
      language: m.language,
      summary_type: m.summary_type,
      created_at: m.created_at.toISOString(),
      event_at: m.event_at.toISOString(),
      source_urls: webUrls(m.source_urls),
      datasource: m.ds_id
        ? { id: m.ds_id, source_name: m.ds_source_name ?? '', platform: m.ds_platform ?? '' }
        : null,
      match_method: (m.match_method as StoryDetail['summaries'][number]['match_method']) ?? null,
      match_score: m.match_score,
    })),
  };
}

const CHANGE_ERRORS = {
  not_found: ['NOT_FOUND', STORY_MESSAGES.notFound],
  not_members: ['BAD_REQUEST', STORY_MESSAGES.notMembers],
  split_all: ['BAD_REQUEST', STORY_MESSAGES.splitAll],
  merge_self: ['BAD_REQUEST', STORY_MESSAGES.mergeSelf],
} as const;

function asAppError(error: unknown): never {
  if (error instanceof StoryChangeError) {
    const [code, message] = CHANGE_ERRORS[error.code];
    throw new AppError(code, message);
  }
  throw error;
}

/** The repositories this service is given (its module's index.ts hands it these only). */
export const STORIES_REPOS = ['stories'] as const;

export type StoriesService = ReturnType<typeof createStoriesService>;

/** Stories for the reader (one story with its reports) and the admin's corrections. */
export function createStoriesService(ctx: ServiceContext<(typeof STORIES_REPOS)[number]>) {
  const { stories } = ctx.repos;
  const detail = async (id: string) => {
    const story = await stories.find(id);
    if (!story) throw new AppError('NOT_FOUND', STORY_MESSAGES.notFound);
    return toStoryDetail(story);
  };
  /** How far the summaries are on the current clustering rule, and whether a pass is under way. */
  const clusteringStatus = async (): Promise<StoryClusteringStatus> => {
    const progress = await stories.ruleProgress();
    const queue = ctx.producer.queue(QUEUE_NAMES.stories);
    const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
    const queued = Object.values(counts).some((n) => n > 0);
    const pending = progress.older + progress.unclustered;
    return {
      rule_version: progress.ruleVersion,
      current: progress.current,
      older: progress.older,
      unclustered: progress.unclustered,
      total: progress.current + pending,
      running: pending > 0 && queued,
    };
  };

  return {
    /**
     * A story as a reader may see it: a free reader (or a visitor) gets the summaries of the days
     * their plan shows, as /api/summaries/:id does; a story with none of those is refused the same way.
     * The id of a story gone into another (merged, or emptied by a re-clustering) reads that story, with
     * its own id: a shared link keeps opening the story, and the page names its current address.
     */
    async read(caller: Caller, id: string, timezone: string) {
      // A story merged or emptied since its link was shared: the story its reports went into.
      const story = await stories.findCurrent(id);
      if (!story) throw new AppError('NOT_FOUND', STORY_MESSAGES.notFound);
      if (caller.isPro) return toStoryDetail(story);
      const window = freeWindow(ctx.clock(), timezone);
      const members = story.members.filter((member) => member.created_at >= window.from);
      if (members.length === 0) throw freeWindowError();
      return toStoryDetail({ ...story, members });
    },
    async split(id: string, summaryIds: string[]) {
      const newId = await stories.split(id, summaryIds).catch(asAppError);
      ctx.logger.info({ storyId: id, newStoryId: newId, moved: summaryIds.length }, 'story split');
      return { stories: [await detail(id), await detail(newId)] };
    },
    /** The admin's list: newest activity first, with each story's first members. */
    async adminList(query: AdminStoriesQuery): Promise<AdminStoriesResponse> {
      const after = query.cursor ? decodeStoryCursor(query.cursor) : null;
      const { stories: rows, members } = await stories.list({
        ...(query.topic_id ? { topicId: query.topic_id } : {}),
        ...(query.language ? { language: query.language } : {}),
        ...(query.q ? { search: query.q } : {}),
        minSize: query.min_size,
        // One more than asked: tells whether there is a next page.
        limit: query.limit + 1,
        ...(after ? { after: { lastSeenAt: new Date(after.lastSeenAt), id: after.id } } : {}),
        memberLimit: ADMIN_STORY_MEMBERS_MAX,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map((story) => ({
          id: story.id,
          headline: story.headline,
          language: story.language,
          languages: story.languages,
          summary_count: story.summary_count,
          first_seen_at: story.first_seen_at.toISOString(),
          last_seen_at: story.last_seen_at.toISOString(),
          members: members
            .filter((m) => m.story_id === story.id)
            .map((m) => ({
              id: m.id,
              title: m.headline,
              language: m.language,
              published_at: m.published_at.toISOString(),
              source_name: m.source_name,
              platform: m.platform,
            })),
        })),
        next_cursor:
          rows.length > query.limit && last
            ? encodeStoryCursor(last.last_seen_at.toISOString(), last.id)
            : null,
      };
    },
    clusteringStatus,
    /**
     * Starts a clustering pass now (the summarizer's backlog job: summaries without a story, then
     * those decided under an older rule). One such pass at a time; a full batch queues the next.
     */
    async startClustering(requestId: string): Promise<StoryClusteringStatus> {
      await ctx.producer.enqueue(
        'cluster-backlog',
        { requestId },
        { jobId: 'story-clustering-admin', removeOnComplete: true },
      );
      ctx.logger.info({ requestId }, 'story clustering pass queued');
      const status = await clusteringStatus();
      return { ...status, running: status.older + status.unclustered > 0 };
    },
    async merge(id: string, otherId: string) {
      await stories.merge(id, otherId).catch(asAppError);
      ctx.logger.info({ storyId: id, mergedStoryId: otherId }, 'stories merged');
      return { stories: [await detail(id)] };
    },
  };
}
