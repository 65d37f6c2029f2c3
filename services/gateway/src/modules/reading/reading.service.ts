import {
  type ReadingSettings,
  ACCESS_MESSAGES,
  AppError,
  CONTENT_MESSAGES,
  type FollowBody,
  LIST_WINDOW,
  type MarkAllReadBody,
  MESSAGES,
  READING_MESSAGES,
  SEARCH_MIN_LENGTH,
  SEARCH_WINDOW,
  UNREAD_COUNT_DAYS,
  type UnreadCountsResponse,
} from '@app/contracts';
import { toDataLanguage } from '@app/rules';
import { addDays, localDate, startOfZonedDay } from '@app/time';
import { resolveDateRange } from '../../lib/zoned-dates.ts';
import type { FollowTarget } from './follows.repository.ts';
import { isForeignKeyViolation } from '../../lib/prisma-errors.ts';
import type { Caller } from '../../lib/caller.ts';
import type { ContentService } from '../summaries/content.service.ts';
import type { ServiceContext } from '../context.ts';
import { toFollowsDto } from './follow.mapper.ts';

/** The repositories this service is given (its module's index.ts hands it these only). */
export const READING_REPOS = ['datasources', 'follows', 'reads', 'topics'] as const;

export type ReadingService = ReturnType<typeof createReadingService>;

/**
 * A reader's own front page: what they follow (topics and sources) and what they have read. Every
 * signed-in reader has both (not a Pro feature); a removed topic, source or summary gets a clear answer.
 */
export function createReadingService(
  ctx: ServiceContext<(typeof READING_REPOS)[number]>,
  content: Pick<ContentService, 'allowedRange'>,
) {
  const { follows, reads } = ctx.repos;
  const targetOf = (body: FollowBody): FollowTarget =>
    body.topic_id ? { topicId: body.topic_id } : { datasourceId: body.datasource_id! };
  const goneError = (body: FollowBody) =>
    new AppError('NOT_FOUND', body.topic_id ? READING_MESSAGES.topicGone : READING_MESSAGES.sourceGone);
  const list = async (userId: string) => toFollowsDto(await follows.of(userId));

  return {
    follows: list,

    /** Follows a topic (active) or a source; following twice keeps one. Answers the whole list. */
    async follow(userId: string, body: FollowBody) {
      const exists = body.topic_id
        ? (await ctx.repos.topics.state(body.topic_id))?.isActive === true
        : await ctx.repos.datasources.exists(body.datasource_id!);
      if (!exists) throw goneError(body);
      await follows.add(userId, targetOf(body)).catch((error: unknown) => {
        if (!isForeignKeyViolation(error)) throw error;
        // Removed in between, or a still-valid access token of a deleted account.
        if (JSON.stringify(error.meta).includes('_user_id_fkey'))
          throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
        throw goneError(body);
      });
      return list(userId);
    },

    /** Unfollowing what is not followed (or no longer exists) is no error: the list says what is. */
    async unfollow(userId: string, body: FollowBody) {
      await follows.remove(userId, targetOf(body));
      return list(userId);
    },

    markRead: (userId: string, ids: string[]) => reads.mark(userId, ids).catch(signedOutOnUserGone),
    markUnread: (userId: string, ids: string[]) => reads.unmark(userId, ids),

    /** Everything the list shows for these filters (at most its window: LIST_WINDOW, SEARCH_WINDOW) becomes read. */
    async markAllRead(caller: Caller & { userId: string }, body: MarkAllReadBody) {
      // The same refusals as the list these filters make.
      if (body.q && [...body.q].length < SEARCH_MIN_LENGTH) {
        throw new AppError('VALIDATION_FAILED', CONTENT_MESSAGES.searchTooShort, {
          q: CONTENT_MESSAGES.searchTooShort,
        });
      }
      if ((body.favorites_only || body.favorite_sources_only) && !caller.isPro) {
        throw new AppError('PRO_REQUIRED', ACCESS_MESSAGES.favoritesPro, { favorites: 'favorites' });
      }
      const range = content.allowedRange(caller, resolveDateRange(body), body.timezone);
      const changed = await reads
        .markMatching(
          caller.userId,
          {
            language: toDataLanguage(body.language),
            ...range,
            topicId: body.topic,
            platforms: body.platforms,
            sourceName: body.source,
            followedBy: body.followed ? caller.userId : undefined,
            q: body.q,
            favoritesOfUser: body.favorites_only ? caller.userId : undefined,
            favoriteSourcesOfUser: body.favorite_sources_only ? caller.userId : undefined,
            unreadBy: caller.userId,
          },
          body.q ? SEARCH_WINDOW : LIST_WINDOW,
        )
        .catch(signedOutOnUserGone);
      return { changed };
    },

    /** How the summary list keeps the reader's read state (GET /api/me/reading-settings). */
    readingSettings: (userId: string) => reads.settings(userId),

    saveReadingSettings: (userId: string, settings: ReadingSettings) =>
      reads.saveSettings(userId, settings).catch(signedOutOnUserGone),

    /** Unread summaries since the start of yesterday in the reader's zone: all, followed, per topic. */
    async unreadCounts(
      userId: string,
      query: { language: 'en' | 'zh'; timezone: string },
    ): Promise<UnreadCountsResponse> {
      const today = localDate(ctx.clock(), query.timezone);
      const from = startOfZonedDay(addDays(today, 1 - UNREAD_COUNT_DAYS), query.timezone);
      const rows = await reads.unreadByTopic(userId, toDataLanguage(query.language), from);
      return {
        date_from: from.toISOString(),
        total: rows.reduce((sum, row) => sum + row.unread, 0),
        followed: rows.reduce((sum, row) => sum + row.followed, 0),
        topics: rows.flatMap((row) => (row.topic_id ? [{ topic_id: row.topic_id, unread: row.unread }] : [])),
      };
    },
  };
}

/**
 * A still-valid access token of a deleted account writes nothing: signed out, not a 500. Only the
 * user's foreign keys say so (a read's, a profile's for the reading settings): a summary removed
 * mid-write is not the reader's session ending.
 */
function signedOutOnUserGone(error: unknown): never {
  const meta = isForeignKeyViolation(error) ? JSON.stringify(error.meta) : '';
  if (/user_reads_user_id_fkey|user_profiles_id_fkey/.test(`${String(error)} ${meta}`))
    throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
  throw error;
}
