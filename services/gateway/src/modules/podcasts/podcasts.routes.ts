import {
  PodcastAudioQuerySchema,
  PodcastIdParamsSchema,
  PodcastListQuerySchema,
  PodcastListResponseSchema,
  PodcastTranscriptResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { AUDIO_RESPONSES, sendAudio } from './send-audio.ts';
import { requireUser } from '../../plugins/app/guards.ts';
import podcastFeedRoutes from './podcast-feed.routes.ts';

/**
 * /api/podcasts: the daily podcasts (spec §2, §7). The list gives each podcast a short-lived signed
 * audio URL (see podcasts.service.ts): an <audio> element cannot send a Bearer header. That is why the
 * audio route is 'public' in the access table: the service checks the token (or the Bearer caller) itself.
 */
const podcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The private podcast feed for podcast apps: its token is the credential.
  await app.register(podcastFeedRoutes);
  const podcasts = app.services.podcasts;

  app.get(
    '',
    {
      config: { access: 'user' },
      schema: {
        tags: ['podcasts'],
        summary: 'Completed daily podcasts in one language, newest date first, then by topic name',
        querystring: PodcastListQuerySchema,
        response: { 200: PodcastListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => podcasts.list(requireUser(request).id, request.query, request.id),
  );

  app.get(
    '/:id/transcript',
    {
      config: { access: 'user' },
      schema: {
        tags: ['podcasts'],
        summary: "A podcast's transcript (the script that was spoken)",
        params: PodcastIdParamsSchema,
        response: { 200: PodcastTranscriptResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => podcasts.transcript(request.params.id),
  );

  app.get(
    '/:id/audio',
    {
      // Public: the route checks its own signed ?token= (or a Bearer token), because an <audio>
      // element cannot send a header.
      config: { access: 'public' },
      schema: {
        tags: ['podcasts'],
        summary: 'The MP3 (HTTP Range → 206 for seeking); signed ?token= from the list, or a Bearer token',
        params: PodcastIdParamsSchema,
        querystring: PodcastAudioQuerySchema,
        security: [{ podcastAudioToken: [] }, { bearerAuth: [] }],
        response: { ...AUDIO_RESPONSES, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      // fastify answers HEAD with this handler and drains the body: an empty one spares reading the file.
      // The file is opened before any header is set, so a failure still gets the JSON error answer.
      const audio = await podcasts.openAudio(request.params.id, {
        signedIn: Boolean(request.user),
        token: request.query.token,
        range: request.headers.range,
        withBody: request.method !== 'HEAD',
      });
      return sendAudio(reply, audio, 'private, max-age=3600');
    },
  );
};

export default podcastsRoutes;
