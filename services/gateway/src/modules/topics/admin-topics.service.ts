import {
  type ActiveStatusFilter,
  ADMIN_MESSAGES,
  type AdminTopicBodySchema,
  type AdminTopicPatchSchema,
  AppError,
} from '@app/contracts';
import type { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/prisma-errors.ts';
import type { ServiceContext } from '../context.ts';
import { toAdminTopicDto } from './topic.mapper.ts';

type TopicBody = z.infer<typeof AdminTopicBodySchema>;
type TopicPatch = z.infer<typeof AdminTopicPatchSchema>;

/** A URL-safe slug from a topic name; CJK names fall back to 'topic'. */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base || 'topic';
}

/** The repositories this service is given (its module's index.ts hands it these only). */
export const ADMIN_TOPICS_REPOS = ['datasources', 'topics'] as const;

export type AdminTopicsService = ReturnType<typeof createAdminTopicsService>;

/** The admin's topics: list, create (with a unique slug), edit, (de)activate, delete when unused. */
export function createAdminTopicsService(ctx: ServiceContext<(typeof ADMIN_TOPICS_REPOS)[number]>) {
  const { topics, datasources } = ctx.repos;

  async function uniqueSlug(name: string) {
    const base = slugify(name);
    if (!(await topics.slugExists(base))) return base;
    for (let n = 2; n < 1000; n += 1) {
      const candidate = `${base}-${n}`;
      if (!(await topics.slugExists(candidate))) return candidate;
    }
    return `${base}-${crypto.randomUUID().slice(0, 8)}`;
  }

  return {
    listTopics: async (filter: { q?: string; status: ActiveStatusFilter; sort: 'name' | 'created_at' }) =>
      (await topics.listForAdmin(filter)).map(toAdminTopicDto),
    setTopicsActive: (ids: string[], isActive: boolean) => topics.setActive(ids, isActive),
    async createTopic(body: TopicBody) {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const topic = await topics.create({
            slug: await uniqueSlug(body.name),
            name: body.name,
            description: body.description,
            keywords: body.keywords,
            isActive: body.is_active,
          });
          return toAdminTopicDto(topic);
        } catch (error) {
          // Two admins creating the same name at once: take the next slug.
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    },
    async updateTopic(id: string, patch: TopicPatch) {
      const topic = await topics.update(id, {
        name: patch.name,
        description: patch.description,
        keywords: patch.keywords,
        isActive: patch.is_active,
      });
      if (!topic) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.topicNotFound);
      return toAdminTopicDto(topic);
    },
    async deleteTopic(id: string) {
      if ((await datasources.countOfTopic(id)) > 0) {
        throw new AppError('CONFLICT', ADMIN_MESSAGES.topicHasDatasources);
      }
      try {
        if (!(await topics.delete(id))) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.topicNotFound);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', ADMIN_MESSAGES.topicHasDatasources);
        throw error;
      }
    },
  };
}
