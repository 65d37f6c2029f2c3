import {
  ACCESS_MESSAGES,
  AppError,
  CONTENT_MESSAGES,
  LIST_WINDOW,
  MESSAGES,
  READING_MESSAGES,
  SEARCH_MIN_LENGTH,
  SEARCH_WINDOW,
  type SourceSubmissionBody,
  type SummaryListQuery,
  TOPIC_FILTER_MAX_DAYS,
  type TopicFilterOptions,
} from '@app/contracts';
import { type Dictionary, loadDictionary } from '@app/bilingual';
import type { Language } from '@app/db';
import { comparePlatforms, toDataLanguage } from '@app/rules';
import { assertFetchableUrl } from '../../lib/source-url-guard.ts';
import { isForeignKeyViolation } from '../../lib/prisma-errors.ts';
import { localDate, zonedDayRange } from '@app/time';
import { freeWindow, resolveDateRange } from '../../lib/zoned-dates.ts';
import type { Repositories } from '../repositories.ts';
import type { ServiceContext } from '../context.ts';
import { toDatasourceDto, toYoutubeSourceDto } from '../datasources/datasource.mapper.ts';
import type { Caller, UncheckedCaller } from '../../lib/caller.ts';
import { forYouPage } from '../reading/for-you-page.ts';
import { otherLanguageOf, startTranslation } from './other-language.ts';
import type { QueryTranslator } from './query-translation.ts';
import { listItemOf, toStoryGroupDto, toSummaryDto, toSummaryWithPostDto } from './summary.mapper.ts';

/** The free plan's error: the UI opens the upgrade dialog of type date_filter on it. */
export function freeWindowError(): AppError {
  return new AppError('PRO_REQUIRED', CONTENT_MESSAGES.freeWindow, { date: 'date_filter' });
}

// The source tree counts every summary per source: cached briefly per language (stale for at
// most this long; each replica keeps its own copy, nothing else depends on it).
const TREE_TTL_MS = 60_000;
const PLAN_GUESSES = 10_000;
/** The usage records' feature of a search's query translation. */
const SEARCH_TRANSLATION_FEATURE = 'search_translation';

/** The repositories this service is given (its module's index.ts hands it these only). */
export const CONTENT_REPOS = ['datasources', 'reads', 'sourceSubmissions', 'summaries', 'topics'] as const;

export type ContentService = ReturnType<typeof createContentService>;

/**
 * Outside systems besides the database: the provider's query translation, when one is configured,
 * and the bilingual dictionary (default: the process's, without a cache on disk).
 */
export type ContentResources = { translator?: QueryTranslator; dictionary?: () => Promise<Dictionary> };

export function createContentService(
  ctx: ServiceContext<(typeof CONTENT_REPOS)[number]>,
  resources: ContentResources = {},
) {
  const { summaries, datasources } = ctx.repos;
  const treeCache = new Map<Language, { at: number; value: Promise<unknown> }>();
  // The plan last seen per user: only a guess for the next page, which checks it (bounded, oldest out).
  const planSeen = new Map<string, boolean>();
  const rememberPlan = (userId: string, pro: boolean) => {
    planSeen.delete(userId);
    planSeen.set(userId, pro);
    if (planSeen.size > PLAN_GUESSES) planSeen.delete(planSeen.keys().next().value as string);
  };

  /** The range a caller may read: pro as asked; others inside yesterday–today, or 403. */
  function allowedRange(
    caller: Caller,
    asked: { from: Date; to: Date } | null,
    timezone: string,
  ): { from?: Date; to?: Date } {
    if (caller.isPro) return asked ?? {};
    const window = freeWindow(ctx.clock(), timezone);
    if (!asked) return window;
    if (asked.from < window.from) throw freeWindowError();
    // The future holds nothing: clamp rather than refuse.
    return { from: asked.from, to: new Date(Math.min(asked.to.getTime(), window.to.getTime())) };
  }

  /** A signed-in caller's cards say whether each was read (one lookup for the page). */
  async function withReadState<T extends { id: string }>(caller: Caller, items: T[]) {
    if (!caller.userId || items.length === 0) return items;
    const read = await ctx.repos.reads.readAmong(
      caller.userId,
      items.map((item) => item.id),
    );
    return items.map((item) => ({ ...item, read: read.has(item.id) }));
  }

  /**
   * One page for `caller`; null when `checkPlan` and the caller's plan in user_profiles is not that.
   * A search's first page with cross_language also carries the other language's reports (the model's
   * translation of the query, when a provider is configured, is asked for while the page is read).
   */
  async function listPage(
    caller: Caller,
    query: SummaryListQuery,
    q: string | undefined,
    checkPlan: boolean,
  ) {
    const language = toDataLanguage(query.language);
    const crossing = Boolean(q && query.cross_language && query.page === 1);
    const translation = crossing
      ? startTranslation(resources.translator, q!, language, {
          feature: SEARCH_TRANSLATION_FEATURE,
          userId: caller.userId,
        })
      : undefined;
    const page = await basePage(caller, query, q, checkPlan);
    if (!page || !q || !crossing) return page;
    const range = allowedRange(caller, resolveDateRange(query), query.timezone);
    const other = await otherLanguageOf(
      summaries,
      q,
      { language, ...range, topicId: query.topic },
      [...new Set(page.data.flatMap((item) => (item.story_id ? [item.story_id] : [])))],
      resources.dictionary ?? (() => loadDictionary()),
      translation,
    );
    return { ...page, other_language: { ...other, data: await withReadState(caller, other.data) } };
  }

  async function basePage(
    caller: Caller,
    query: SummaryListQuery,
    q: string | undefined,
    checkPlan: boolean,
  ) {
    if ((query.favorites_only || query.favorite_sources_only) && !caller.userId) {
      throw new AppError('UNAUTHENTICATED', ACCESS_MESSAGES.loginFirst);
    }
    if ((query.followed || query.unread) && !caller.userId) {
      throw new AppError(
        'UNAUTHENTICATED',
        query.followed ? READING_MESSAGES.signInToFollow : READING_MESSAGES.signInForReadState,
      );
    }
    if ((query.favorites_only || query.favorite_sources_only) && !caller.isPro) {
      throw new AppError('PRO_REQUIRED', ACCESS_MESSAGES.favoritesPro, { favorites: 'favorites' });
    }
    const range = allowedRange(caller, resolveDateRange(query), query.timezone);
    const cap = q ? SEARCH_WINDOW : LIST_WINDOW;
    const offset = (query.page - 1) * query.page_size;
    const limit = Math.max(0, Math.min(query.page_size, cap - offset));
    const filters = {
      language: toDataLanguage(query.language),
      ...range,
      q,
      topicId: query.topic,
      platforms: query.platforms,
      sourceName: query.source,
      favoritesOfUser: query.favorites_only ? (caller.userId ?? undefined) : undefined,
      favoriteSourcesOfUser: query.favorite_sources_only ? (caller.userId ?? undefined) : undefined,
      followedBy: query.followed ? (caller.userId ?? undefined) : undefined,
      unreadBy: query.unread ? (caller.userId ?? undefined) : undefined,
    };
    const check = checkPlan && caller.userId ? { userId: caller.userId, pro: caller.isPro } : undefined;
    const dates = { date_from: range.from?.toISOString() ?? null, date_to: range.to?.toISOString() ?? null };
    if (query.order === 'for_you') {
      const page = await forYouPage(ctx.repos, caller, query, filters, {
        check,
        cap,
        now: ctx.clock(),
        withReadState: (items) => withReadState(caller, items),
      });
      return page && { ...page, ...dates };
    }
    const window = limit > 0 ? { limit, offset, cap } : { limit: 0, offset: 0, cap };
    if (query.group === 'story') {
      // Pages count stories; the window (and so total_capped) still counts summaries.
      const grouped = await summaries.listStoryPage(filters, window, check);
      if (!grouped.planHeld) return null;
      const stories = Math.min(grouped.total, cap);
      return {
        data: await withReadState(
          caller,
          grouped.rows.map((row) => toStoryGroupDto(row, query.fields ?? 'card')),
        ),
        page: query.page,
        page_size: query.page_size,
        total: stories,
        total_capped: grouped.matches > cap,
        total_pages: Math.ceil(stories / query.page_size),
        summary_total: Math.min(grouped.matches, cap),
        ...dates,
      };
    }
    const { rows, total, planHeld } = await summaries.listPage(filters, window, check);
    if (!planHeld) return null;
    const counted = Math.min(total, cap);
    return {
      data: await withReadState(caller, rows.map(listItemOf(query.fields ?? 'card'))),
      page: query.page,
      page_size: query.page_size,
      total: counted,
      total_capped: total > cap,
      total_pages: Math.ceil(counted / query.page_size),
      ...dates,
    };
  }

  return {
    allowedRange,

    /**
     * A page of summaries. A signed-in caller's plan is not read first: the page is built for the plan
     * last seen for that user (free when unknown) and its first statement answers only if user_profiles
     * still says so (PlanCheck); otherwise, or when that plan would refuse the request, the profile is
     * read and the page built again. The plan is thus read on every request, without its own round trip.
     */
    async listSummaries(who: Caller | UncheckedCaller, query: SummaryListQuery) {
      const q = query.q?.trim() || undefined;
      if (q && [...q].length < SEARCH_MIN_LENGTH) {
        throw new AppError('VALIDATION_FAILED', CONTENT_MESSAGES.searchTooShort, {
          q: CONTENT_MESSAGES.searchTooShort,
        });
      }
      if (!('load' in who)) return (await listPage(who, query, q, false))!;
      const assumed: Caller = { userId: who.userId, isPro: planSeen.get(who.userId) ?? false };
      try {
        const page = await listPage(assumed, query, q, true);
        if (page) {
          rememberPlan(who.userId, assumed.isPro);
          return page;
        }
      } catch (error) {
        // A refusal that depends on the plan (favourites, the free window) is given on the plan as read.
        if (!(error instanceof AppError && error.code === 'PRO_REQUIRED')) throw error;
      }
      const caller = await who.load();
      rememberPlan(who.userId, caller.isPro);
      return (await listPage(caller, query, q, false))!;
    },

    async getSummary(caller: Caller, id: string, timezone: string) {
      const row = await summaries.findWithPost(id);
      if (!row) throw new AppError('NOT_FOUND', 'Summary not found');
      if (!caller.isPro) {
        const window = freeWindow(ctx.clock(), timezone);
        if (row.created_at < window.from) throw freeWindowError();
      }
      return toSummaryWithPostDto(row);
    },

    async topicStats(query: { date?: string; timezone: string; language: 'en' | 'zh' }) {
      const range = query.date
        ? resolveDateRange({ date: query.date, timezone: query.timezone })!
        : zonedDayRange(localDate(ctx.clock(), query.timezone), query.timezone);
      const data = await summaries.countsByTopic(toDataLanguage(query.language), range.from, range.to);
      return { date_from: range.from.toISOString(), date_to: range.to.toISOString(), data };
    },

    /** The topic page's source and date choices: only what the caller may read (free: two days). */
    topicFilterOptions(
      caller: Caller,
      topicId: string,
      query: { timezone: string; language: 'en' | 'zh' },
    ): Promise<TopicFilterOptions> {
      const range = allowedRange(caller, null, query.timezone);
      return summaries.topicFilterOptions(
        topicId,
        toDataLanguage(query.language),
        query.timezone,
        range,
        TOPIC_FILTER_MAX_DAYS,
      );
    },

    /** Active datasources with their topic, in one language or all. */
    listDatasources: async (filter: { language?: Language; topicId?: string }) =>
      (await datasources.listActive(filter)).map(toDatasourceDto),

    /** The channel grid: YouTube sources (the English ones only when asked in English). */
    youtubeSources: async (ui?: 'en' | 'zh') =>
      (await datasources.youtubeSources(ui === 'en' ? { language: 'EN' } : {})).map(toYoutubeSourceDto),

    async sourceTree(language: Language) {
      const cached = treeCache.get(language);
      if (cached && ctx.clock().getTime() - cached.at < TREE_TTL_MS) return cached.value;
      const value = buildTree(ctx.repos, language);
      treeCache.set(language, { at: ctx.clock().getTime(), value });
      value.catch(() => treeCache.delete(language));
      return value;
    },

    async youtubeSummaries(caller: Caller, sourceName: string, ui: 'en' | 'zh', timezone: string) {
      const language = toDataLanguage(ui);
      const sources = (
        await datasources.youtubeSources({ sourceName, ...(ui === 'en' ? { language: 'EN' as const } : {}) })
      ).map(toYoutubeSourceDto);
      const source = sources[0];
      if (!source) throw new AppError('NOT_FOUND', 'Channel not found');
      const range: { from?: Date; to?: Date } = caller.isPro ? {} : freeWindow(ctx.clock(), timezone);
      const rows = await summaries.youtubeSummaries(
        sources.map((s) => s.id),
        language,
        range.from,
        range.to,
      );
      const data = await withReadState(caller, rows.map(toSummaryDto));
      return { source, limited: !caller.isPro, data };
    },

    async submitSource(userId: string, body: SourceSubmissionBody) {
      const topicId = body.topic === 'other' ? null : body.topic;
      if (topicId && !(await ctx.repos.topics.exists(topicId))) {
        throw new AppError('VALIDATION_FAILED', CONTENT_MESSAGES.topicRequired, {
          topic: CONTENT_MESSAGES.topicRequired,
        });
      }
      await assertFetchableUrl(body.url, 'url', {
        allowPrivate: ctx.config.CRAWLER_ALLOW_PRIVATE_HOSTS,
        messages: { scheme: CONTENT_MESSAGES.urlInvalid, private: CONTENT_MESSAGES.urlNotPublic },
      });
      const created = await ctx.repos.sourceSubmissions
        .create({
          userId,
          topicId,
          topicCustom: body.topic === 'other' ? (body.topic_custom ?? null) : null,
          platform: body.platform,
          platformCustom: body.platform === 'other' ? (body.platform_custom ?? null) : null,
          url: body.url,
        })
        .catch((error: unknown) => {
          // A still-valid access token of a deleted account: signed out, not a 500.
          if (isForeignKeyViolation(error) && JSON.stringify(error.meta).includes('_user_id_fkey')) {
            throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
          }
          throw error;
        });
      if (!created) throw new AppError('CONFLICT', CONTENT_MESSAGES.alreadySubmitted);
      return { success: true as const, message: CONTENT_MESSAGES.submitted };
    },
  };
}

async function buildTree(repos: Pick<Repositories, 'datasources' | 'summaries'>, language: Language) {
  const [sources, counts] = await Promise.all([
    repos.datasources.listActive({}).then((rows) => rows.map(toDatasourceDto)),
    repos.summaries.countsBySource(language),
  ]);
  const byId = new Map(counts.map((c) => [c.datasource_id, c]));
  type PlatformNode = {
    platform: string;
    summary_count: number;
    sources: {
      id: string;
      name: string;
      platform: string;
      summary_count: number;
      last_updated: string | null;
    }[];
  };
  const topics = new Map<
    string,
    {
      id: string;
      name: string;
      name_zh: string | null;
      summary_count: number;
      platforms: Map<string, PlatformNode>;
    }
  >();
  let total = 0;
  for (const s of sources) {
    const c = byId.get(s.id);
    const n = c?.n ?? 0;
    total += n;
    const topic = topics.get(s.topic.id) ?? {
      ...s.topic,
      summary_count: 0,
      platforms: new Map<string, PlatformNode>(),
    };
    topics.set(s.topic.id, topic);
    topic.summary_count += n;
    const platform = topic.platforms.get(s.platform) ?? {
      platform: s.platform,
      summary_count: 0,
      sources: [],
    };
    topic.platforms.set(s.platform, platform);
    platform.summary_count += n;
    platform.sources.push({
      id: s.id,
      name: s.source_name,
      platform: s.platform,
      summary_count: n,
      last_updated: c?.last?.toISOString() ?? null,
    });
  }
  return {
    total,
    topics: [...topics.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((t) => ({
        ...t,
        platforms: [...t.platforms.values()].sort((a, b) => comparePlatforms(a.platform, b.platform)),
      })),
  };
}
