import {
  MarkAllReadBodySchema,
  MarkAllReadResponseSchema,
  ReadingSettingsSchema,
  ReadsBodySchema,
  ReadsResponseSchema,
  UnreadCountsQuerySchema,
  UnreadCountsResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { callerOf } from '../../lib/caller.ts';
import { requireUser } from '../../plugins/app/guards.ts';

/**
 * /api/me/reads, /api/me/unread-counts and /api/me/reading-settings: what the reader has read, and how
 * the list keeps it. Every signed-in reader.
 */
const readsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reads',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'Mark summaries read (removed ones are listed in `missing`, nothing stored for them)',
        body: ReadsBodySchema,
        response: { 200: ReadsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => app.services.reading.markRead(requireUser(request).id, request.body.summary_ids),
  );

  app.delete(
    '/reads',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'Mark summaries unread',
        body: ReadsBodySchema,
        response: { 200: ReadsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => app.services.reading.markUnread(requireUser(request).id, request.body.summary_ids),
  );

  app.post(
    '/reads/all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'Mark read everything the list shows for these filters (free plan: its two days)',
        body: MarkAllReadBodySchema,
        response: { 200: MarkAllReadResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      return app.services.reading.markAllRead({ ...(await callerOf(request)), userId }, request.body);
    },
  );

  app.get(
    '/reading-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'How the summary list keeps read state (mark_read_on_scroll: a card scrolled past is read)',
        response: { 200: ReadingSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => app.services.reading.readingSettings(requireUser(request).id),
  );

  app.patch(
    '/reading-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'Change how the summary list keeps read state',
        body: ReadingSettingsSchema,
        response: { 200: ReadingSettingsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => app.services.reading.saveReadingSettings(requireUser(request).id, request.body),
  );

  app.get(
    '/unread-counts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['me'],
        summary: 'Unread summaries since the start of yesterday: all, of what the reader follows, per topic',
        querystring: UnreadCountsQuerySchema,
        response: { 200: UnreadCountsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => app.services.reading.unreadCounts(requireUser(request).id, request.query),
  );
};

export default readsRoutes;
