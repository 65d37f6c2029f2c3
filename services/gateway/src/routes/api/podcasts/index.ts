import { Readable } from 'node:stream';
import {
  AppError,
  MESSAGES,
  PodcastAudioQuerySchema,
  PodcastIdParamsSchema,
  PodcastListQuerySchema,
  PodcastListResponseSchema,
  PodcastTranscriptResponseSchema,
} from '@app/contracts';
import { createStorage } from '@app/storage';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses.ts';
import { audioSize, parseRange, podcastAudioKey, readAudio } from './audio-file.ts';

/** Lifetime of the signed audio URL handed out in the list (the player re-fetches the list on error). */
export const AUDIO_TOKEN_TTL_SECONDS = 3600;
const AUDIO_TOKEN_TYPE = 'podcast-audio';

/**
 * /api/podcasts: the daily podcasts (spec §2, §7).
 *
 * Audio auth: an <audio> element cannot send a Bearer header, so the list (signed-in only) gives each
 * podcast a short-lived signed URL: an HS256 JWT {typ: 'podcast-audio', sub: task id, uid: user id}
 * in `?token=`. It opens only that one file and never passes as an access token. A Bearer header is
 * accepted too. That is why the audio route is 'public' in the access table: it checks the token itself.
 */
const podcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Where the podcast service stores the MP3s: STORAGE_DIR, or the S3 bucket (ranged GetObject).
  const storage = createStorage(app.config);
  app.addHook('onClose', () => storage.close());

  app.get(
    '',
    {
      schema: {
        tags: ['podcasts'],
        summary: 'Completed daily podcasts in one language, newest date first, then by topic name',
        querystring: PodcastListQuerySchema,
        response: { 200: PodcastListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = request.user as { id: string };
      const language = request.query.language ?? 'EN';
      const rows = await app.repos.podcasts.listCompleted({
        language,
        date: request.query.date,
        topicId: request.query.topic_id,
      });
      const expiresAt = new Date(Date.now() + AUDIO_TOKEN_TTL_SECONDS * 1000);
      const data = await Promise.all(
        rows.map(async (row) => {
          // Storage down: the list (and its transcripts) still loads; the player says audio not available.
          const size = await audioSize(storage, podcastAudioKey(row.id, row.metadata)).catch((error) => {
            request.log.warn({ err: error, podcastId: row.id }, 'podcast audio storage unavailable');
            return null;
          });
          const token = size
            ? app.jwt.sign(
                { typ: AUDIO_TOKEN_TYPE, sub: row.id, uid: user.id },
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
            has_transcript: row.hasTranscript,
          };
        }),
      );
      return { data };
    },
  );

  app.get(
    '/:id/transcript',
    {
      schema: {
        tags: ['podcasts'],
        summary: "A podcast's transcript (the script that was spoken)",
        params: PodcastIdParamsSchema,
        response: { 200: PodcastTranscriptResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const task = await app.repos.podcasts.findCompleted(request.params.id);
      if (!task?.transcript) throw new AppError('NOT_FOUND', 'Transcript not found');
      return { id: task.id, language: task.language, transcript: task.transcript };
    },
  );

  const audioAllowed = (request: FastifyRequest, id: string, token: string | undefined) => {
    if (request.user) return true;
    if (!token) return false;
    try {
      const payload = app.jwt.verify<{ typ?: unknown; sub?: unknown }>(token);
      return payload.typ === AUDIO_TOKEN_TYPE && payload.sub === id;
    } catch {
      return false;
    }
  };

  app.get(
    '/:id/audio',
    {
      schema: {
        tags: ['podcasts'],
        summary: 'The MP3 (HTTP Range → 206 for seeking); signed ?token= from the list, or a Bearer token',
        params: PodcastIdParamsSchema,
        querystring: PodcastAudioQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!audioAllowed(request, id, request.query.token)) {
        throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
      }
      const task = await app.repos.podcasts.findCompleted(id);
      const key = task ? podcastAudioKey(id, task.metadata) : null;
      const size = await audioSize(storage, key);
      if (!key || !size) throw new AppError('NOT_FOUND', 'Audio not available');
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-type', 'application/json')
          .header('accept-ranges', 'bytes')
          .header('content-range', `bytes */${size}`)
          .send({ error: { code: 'RANGE_NOT_SATISFIABLE', message: 'Range not satisfiable' } });
      }
      // Opened before any header is set, so a failure still gets the JSON error answer. fastify answers
      // HEAD with this handler and drains the body: an empty one spares reading (or downloading) the file.
      const audio =
        request.method === 'HEAD' ? Readable.from([]) : await readAudio(storage, key, range ?? undefined);
      reply
        .header('content-type', 'audio/mpeg')
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600');
      if (!range) return reply.header('content-length', size).send(audio as never);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(audio as never);
    },
  );
};

export default podcastsRoutes;
