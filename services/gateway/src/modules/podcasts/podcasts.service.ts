import { AppError, MESSAGES, type PodcastListQuerySchema } from '@app/contracts';
import { podcastFailureReason } from '@app/rules';
import type { ObjectStorage } from '@app/storage';
import type { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { type AudioAnswer, audioSize, openPodcastAudio, podcastAudioKey } from './podcast-audio.ts';
import type { PodcastFeedService } from './podcast-feed.service.ts';

export type PodcastsService = ReturnType<typeof createPodcastsService>;

/** Lifetime of the signed audio URL handed out in the list (the player re-fetches the list on error). */
export const AUDIO_TOKEN_TTL_SECONDS = 3600;
const AUDIO_TOKEN_TYPE = 'podcast-audio';

export type { AudioAnswer };

/** The repositories this service is given (its module's index.ts hands it these only). */
export const PODCASTS_REPOS = ['podcasts'] as const;

/**
 * The daily podcasts (spec §2, §7). Audio auth: an <audio> element cannot send a Bearer header, so the
 * list (signed-in only) gives each podcast a short-lived signed URL: an HS256 JWT
 * {typ: 'podcast-audio', sub: task id, uid: user id} in `?token=`. It opens only that one file and
 * never passes as an access token. A signed-in caller (Bearer) needs no token.
 */
export function createPodcastsService(
  ctx: ServiceContext<(typeof PODCASTS_REPOS)[number]>,
  storage: ObjectStorage,
  feed: Pick<PodcastFeedService, 'feedUrlOf'>,
) {
  const { podcasts } = ctx.repos;

  function tokenOpens(id: string, token: string | undefined) {
    if (!token) return false;
    try {
      const payload = ctx.tokens.verify<{ typ?: unknown; sub?: unknown }>(token);
      return payload.typ === AUDIO_TOKEN_TYPE && payload.sub === id;
    } catch {
      return false;
    }
  }

  return {
    /**
     * Completed podcasts, each with a signed audio URL when its MP3 is in storage, and failed ones
     * that have a transcript, with the reason they have no audio.
     */
    async list(userId: string, query: z.output<typeof PodcastListQuerySchema>, requestId: string) {
      const language = query.language ?? 'EN';
      const [rows, feedUrl] = await Promise.all([
        podcasts.listForReaders({ language, date: query.date, topicId: query.topic_id }),
        feed.feedUrlOf(userId, language),
      ]);
      // The JWT's exp is stamped on the real clock: the answer states the same instant.
      const expiresAt = new Date(Date.now() + AUDIO_TOKEN_TTL_SECONDS * 1000);
      const data = await Promise.all(
        rows.map(async (row) => {
          const failureReason = podcastFailureReason(row);
          // Storage down: the list (and its transcripts) still loads; the player says audio not available.
          const size = failureReason
            ? null
            : await audioSize(storage, podcastAudioKey(row.id, row.metadata)).catch((error) => {
                ctx.logger.warn(
                  { err: error, podcastId: row.id, requestId },
                  'podcast audio storage unavailable',
                );
                return null;
              });
          const token = size
            ? ctx.tokens.sign(
                { typ: AUDIO_TOKEN_TYPE, sub: row.id, uid: userId },
                { expiresIn: AUDIO_TOKEN_TTL_SECONDS },
              )
            : null;
          const duration = row.metadata.duration_seconds;
          return {
            id: row.id,
            topic_id: row.topicId,
            topic_name: language === 'ZH' && row.topicNameZh ? row.topicNameZh : row.topicName,
            target_date: row.targetDate.toISOString().slice(0, 10),
            language: row.language,
            status: row.status,
            created_at: row.createdAt.toISOString(),
            completed_at: row.completedAt?.toISOString() ?? null,
            duration_seconds: typeof duration === 'number' ? duration : null,
            audio_url: token ? `/api/podcasts/${row.id}/audio?token=${encodeURIComponent(token)}` : null,
            audio_url_expires_at: token ? expiresAt.toISOString() : null,
            failure_reason: failureReason,
            has_transcript: row.hasTranscript,
          };
        }),
      );
      return { data, feed_url: feedUrl };
    },

    async transcript(id: string) {
      const task = await podcasts.findReadable(id);
      if (!task?.transcript) throw new AppError('NOT_FOUND', 'Transcript not found');
      return { id: task.id, language: task.language, transcript: task.transcript };
    },

    /**
     * The MP3 for a signed-in caller or the holder of this podcast's token (401 otherwise), whole or the
     * one range asked for (HTTP Range). `withBody: false` (HEAD) spares reading or downloading the file.
     */
    async openAudio(
      id: string,
      request: { signedIn: boolean; token?: string; range?: string; withBody: boolean },
    ): Promise<AudioAnswer> {
      if (!request.signedIn && !tokenOpens(id, request.token)) {
        throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
      }
      return openPodcastAudio(storage, await podcasts.findCompleted(id), request);
    },
  };
}
