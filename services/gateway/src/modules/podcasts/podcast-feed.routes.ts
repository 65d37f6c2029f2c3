import {
  PodcastFeedEpisodeParamsSchema,
  PodcastFeedParamsSchema,
  PodcastFeedQuerySchema,
  PodcastFeedTokenSchema,
} from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { limitOptions } from '../../lib/limits.ts';
import { mediaResponse, noBody } from '../../lib/openapi.ts';
import { podcastArtwork } from '../../lib/podcast-artwork.ts';
import { AUDIO_RESPONSES, sendAudio } from './send-audio.ts';
import { isFresh, sendFeed } from '../../lib/send-feed.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/**
 * The private podcast feed for podcast apps (/api/podcasts/feed/{token}): they send no Bearer header,
 * so the token in the path is the only credential of the feed, its episodes' MP3s, transcripts and
 * chapters (public routes: the service checks the token). Private to caches, never
 * indexed. The signed-in owner makes, replaces and revokes the token.
 */
const NOT_MODIFIED = noBody("The app's copy is current (If-None-Match, If-Modified-Since)");

const podcastFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const feed = app.services.podcastFeed;
  // Apps poll and download; a scraper or a token guesser hammers: FEEDS_IP_RATE_LIMIT a minute per
  // address, the MP3s (ranges, re-downloads) counted apart from the feed and its small documents.
  const rateLimit = (name: 'podcast-feed-ip' | 'podcast-audio-ip') => limitOptions(app.config, name);
  // The token in the path is the credential of the feed and of what it links (404 for an unknown one).
  const tokenRoute = { config: { access: 'public' as const, rateLimit: rateLimit('podcast-feed-ip') } };
  // Web players on other sites load the cover and the MP3 (<img>, <audio>) and fetch the feed, transcript
  // and chapters: no cookie or header counts here (the path's token does), so any origin may read them.
  const openToPlayers = (reply: FastifyReply) =>
    reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');

  app.post(
    '/feed-token',
    {
      // The private podcast feed: podcast apps send no header, so the token in the path is the only
      // credential of the feed and of what it links (podcast-feed.service.ts checks it; 404 else).
      config: { access: 'user' },
      schema: {
        tags: ['podcasts'],
        summary:
          'Make a new private podcast feed URL (the previous one, and its episode links, stop working)',
        response: { 200: PodcastFeedTokenSchema, ...errorResponses(401) },
      },
    },
    async (request) => feed.regenerateToken(requireUser(request).id),
  );

  app.delete(
    '/feed-token',
    {
      config: { access: 'user' },
      schema: {
        tags: ['podcasts'],
        summary: 'Revoke the private podcast feed URL',
        response: { 204: z.null().describe('Revoked'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await feed.revokeToken(requireUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/artwork.png',
    {
      config: { access: 'public' },
      schema: {
        tags: ['podcasts'],
        summary: "The show's square cover (1400 px PNG), for podcast apps",
        response: { 200: mediaResponse('The cover', ['image/png'], 'binary'), 304: NOT_MODIFIED },
      },
    },
    async (request, reply) => {
      const { body, etag } = podcastArtwork();
      openToPlayers(reply);
      reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
      if (isFresh(request.headers, { etag })) return reply.status(304).send();
      return reply.type('image/png').send(body);
    },
  );

  app.get(
    '/feed/:token',
    {
      schema: {
        tags: ['podcasts'],
        summary:
          'The private podcast feed (RSS 2.0, iTunes and Podcasting 2.0 tags) for a podcast app: ?lang=en,zh&topics=<id>,<id>. An unknown or revoked token is a 404',
        params: PodcastFeedParamsSchema,
        querystring: PodcastFeedQuerySchema,
        response: {
          200: mediaResponse('The feed', ['application/rss+xml']),
          304: NOT_MODIFIED,
          ...errorResponses(400, 404),
        },
      },
      ...tokenRoute,
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex');
      openToPlayers(reply);
      const rendered = await feed.feed(request.params.token, request.query);
      return sendFeed(request, reply, rendered, 'private, max-age=300');
    },
  );

  app.get(
    '/feed/:token/episodes/:id/audio.mp3',
    {
      schema: {
        tags: ['podcasts'],
        summary: "An episode's MP3 for the feed's token holder (HTTP Range → 206, outside the file → 416)",
        params: PodcastFeedEpisodeParamsSchema,
        response: { ...AUDIO_RESPONSES, ...errorResponses(400, 404) },
      },
      config: { access: 'public', rateLimit: rateLimit('podcast-audio-ip') },
    },
    async (request, reply) => {
      // As /api/podcasts/:id/audio: HEAD gets the headers without the file being read.
      const audio = await feed.episodeAudio(request.params.token, request.params.id, {
        range: request.headers.range,
        withBody: request.method !== 'HEAD',
      });
      openToPlayers(reply).header('x-robots-tag', 'noindex');
      return sendAudio(reply, audio, 'private, max-age=3600');
    },
  );

  app.get(
    '/feed/:token/episodes/:id/transcript.txt',
    {
      schema: {
        tags: ['podcasts'],
        summary: "An episode's transcript as plain text (podcast:transcript)",
        params: PodcastFeedEpisodeParamsSchema,
        response: { 200: mediaResponse('The transcript', ['text/plain']), ...errorResponses(400, 404) },
      },
      ...tokenRoute,
    },
    async (request, reply) => {
      const transcript = await feed.episodeTranscript(request.params.token, request.params.id);
      return openToPlayers(reply)
        .header('cache-control', 'private, max-age=3600')
        .header('x-robots-tag', 'noindex')
        .type('text/plain; charset=utf-8')
        .send(transcript as never);
    },
  );

  app.get(
    '/feed/:token/episodes/:id/chapters.json',
    {
      schema: {
        tags: ['podcasts'],
        summary: "An episode's chapters, one per story (podcast:chapters, JSON chapters 1.2)",
        params: PodcastFeedEpisodeParamsSchema,
        response: {
          200: mediaResponse('The chapters', ['application/json+chapters']),
          ...errorResponses(400, 404),
        },
      },
      ...tokenRoute,
    },
    async (request, reply) => {
      const chapters = await feed.episodeChapters(request.params.token, request.params.id);
      return openToPlayers(reply)
        .header('cache-control', 'private, max-age=3600')
        .header('x-robots-tag', 'noindex')
        .type('application/json+chapters; charset=utf-8')
        .send(JSON.stringify(chapters) as never);
    },
  );
};

export default podcastFeedRoutes;
