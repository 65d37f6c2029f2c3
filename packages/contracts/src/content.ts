import { DEFAULT_TIME_ZONE } from '@app/time';
import { isValidTimeZone } from '@app/time/zone';
import { z } from 'zod';
import { PlatformSchema, TIME_ZONES, UiLanguageSchema, UuidSchema } from './common.ts';

// The reading API: topics, datasources, the source tree, summaries, favourites, suggestions,
// YouTube pages (ARCHITECTURE.md "The gateway's API").

export const SUMMARY_PAGE_SIZE = 25;
export const SEARCH_MIN_LENGTH = 4;
export { DEFAULT_TIME_ZONE };
/** The spec's fetch windows: without a search max(3×page, 1000) rows, with one min(5×page, 200). */
export const LIST_WINDOW = 1000;
export const SEARCH_WINDOW = 200;

export const CONTENT_MESSAGES = {
  searchTooShortTitle: 'Search term too short',
  searchTooShort: 'Search term must be at least 4 characters for better performance',
  freeWindow: 'Free users can only view summaries from yesterday and today',
  invalidDate: 'Invalid date',
  dateOutOfRange: 'Date must be between 2000-01-01 and 2100-12-31',
  invalidTimeZone: 'Invalid time zone',
  topicRequired: 'Please select a topic',
  topicCustomRequired: 'Please enter a topic',
  topicCustomTooLong: 'Topic is too long (max 100 characters)',
  platformRequired: 'Please select a platform',
  platformCustomRequired: 'Please enter a platform',
  platformCustomTooLong: 'Platform is too long (max 50 characters)',
  urlInvalid: 'Please enter a valid URL',
  urlTooLong: 'URL is too long (max 500 characters)',
  urlNotPublic: 'Please enter a public URL (not a local or private address)',
  alreadySubmitted: 'You have already submitted this URL and it is pending review',
  submitted: 'Thank you! We will review your suggestion within 1-2 days',
} as const;

/** A valid IANA zone (the picker offers 13; the API accepts any zone the runtime knows). */
export const ZoneNameSchema = z
  .string()
  .max(64)
  .refine((zone) => isValidTimeZone(zone), CONTENT_MESSAGES.invalidTimeZone);
export const PICKER_TIME_ZONES = TIME_ZONES;

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ZONED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/;
/**
 * The dates the lists accept: a window reaching past them (a day later, a zone away) stays a date
 * PostgreSQL and JavaScript both hold, so a far date is a 400 naming the field, never a 500.
 */
const EARLIEST_DATE = Date.parse('2000-01-01T00:00:00Z');
const LATEST_DATE = Date.parse('2101-01-01T00:00:00Z');
/** A plain date (a day in `timezone`) or an ISO timestamp with a zone (a 24 h − 1 ms window). */
export const DateParamSchema = z
  .string()
  .refine(
    (v) => (PLAIN_DATE.test(v) || ZONED_TIMESTAMP.test(v)) && !Number.isNaN(Date.parse(v)),
    CONTENT_MESSAGES.invalidDate,
  )
  .refine((v) => {
    const at = Date.parse(v);
    return at >= EARLIEST_DATE && at < LATEST_DATE;
  }, CONTENT_MESSAGES.dateOutOfRange);

const booleanParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const SummaryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(SUMMARY_PAGE_SIZE),
  q: z.string().trim().max(200).optional(),
  topic: UuidSchema.optional(),
  /** Comma-separated platform ids. */
  platforms: z
    .string()
    .max(200)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(PlatformSchema))
    .optional(),
  source: z.string().trim().min(1).max(200).optional(),
  date: DateParamSchema.optional(),
  date_from: DateParamSchema.optional(),
  date_to: DateParamSchema.optional(),
  timezone: ZoneNameSchema.default(DEFAULT_TIME_ZONE),
  language: UiLanguageSchema.default('en'),
  /** Only summaries the caller favourited (Pro). */
  favorites_only: booleanParam,
  /** Only summaries from datasources the caller favourited (Pro). */
  favorite_sources_only: booleanParam,
  /** Only what the signed-in caller follows: topics and sources (My feed). */
  followed: booleanParam,
  /** Only summaries the signed-in caller has not read. */
  unread: booleanParam,
  /**
   * `for_you`: the newest FOR_YOU_CANDIDATES matches ranked by what the caller follows, saved and read,
   * and by coverage and recency, each with its `reason` (a visitor or a reader with no history: the
   * date order). `date` (the default): newest first.
   */
  order: z.enum(['date', 'for_you']).optional(),
  /**
   * With q: also look for the other language's reports (the page's default when searching): the
   * stories of this language's matches, and the query through a bilingual dictionary, preceded by the
   * model's translation of it when the gateway has a provider (OPENAI_API_KEY). Answered on the first
   * page as `other_language`.
   */
  cross_language: booleanParam,
  /**
   * `story`: one row per story among the matching summaries (the newest matching member stands for it,
   * with `story_sources` and `story_members`); pages and `total` then count stories.
   */
  group: z.enum(['story']).optional(),
  /**
   * `full`: each item with its whole text (`content` and `content_html`). Without it an item carries
   * what a card shows (headline, excerpt, links, source): GET /api/summaries/{id} has the text.
   */
  fields: z.enum(['full']).optional(),
});
export type SummaryListQuery = z.infer<typeof SummaryListQuerySchema>;

/** With cross_language: the most reports of the other language a search answers. */
export const OTHER_LANGUAGE_MAX = 10;
/** ...looked for among that language's newest summaries in the list's range, this many at most. */
export const OTHER_LANGUAGE_WINDOW = 5000;

/** With order=for_you: how many of the newest matches are ranked (pages past them are empty). */
export const FOR_YOU_CANDIDATES = 200;

/** Why a card is in the reader's "For you" order (the web says it in the reader's language). */
export const ForYouReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('followed_source'), datasource_id: z.string() }),
  z.object({ kind: z.literal('followed_topic'), topic_id: z.string() }),
  z.object({ kind: z.literal('like_saved'), summary_id: z.string() }),
  z.object({ kind: z.literal('read_topic'), topic_id: z.string() }),
  z.object({ kind: z.literal('read_source'), datasource_id: z.string() }),
  z.object({ kind: z.literal('coverage'), sources: z.number().int() }),
  z.object({ kind: z.literal('recent') }),
]);
export type ForYouReason = z.infer<typeof ForYouReasonSchema>;

/** With group=story, the most matching members a list row names (story_sources counts them all). */
export const STORY_MEMBERS_SHOWN = 50;

/** A story member that matches the list's filters (see SummaryDto.story_members). */
export const StoryMatchSchema = z.object({
  id: z.string(),
  source_name: z.string().nullable(),
  platform: z.string().nullable(),
});
export type StoryMatch = z.infer<typeof StoryMatchSchema>;

export const TopicRefSchema = z.object({ id: z.string(), name: z.string(), name_zh: z.string().nullable() });

/** The longest card excerpt in characters (code points), the closing "…" included. */
export const SUMMARY_EXCERPT_MAX = 150;

export const SummaryDtoSchema = z.object({
  id: z.string(),
  headline: z.string(),
  /** The markdown: in a list only with `fields=full`; always in one summary's answer. */
  content: z.string().optional(),
  /**
   * The content as one line of prose for a card (at most SUMMARY_EXCERPT_MAX characters): headings and
   * list items end in punctuation, Chinese punctuation for a Chinese summary, and a heading that only
   * repeats the headline is left out.
   */
  excerpt: z.string(),
  /**
   * The content (markdown) as sanitised HTML, rendered by the server as the feeds render it: text
   * markup, lists, code, quotes, tables, http(s) images, and links that open in a new tab
   * (rel="noopener noreferrer"). HTML written in the markdown shows as text; no script, handler,
   * frame or javascript:/data: URL survives. Pages insert it as it is. In a list only with `fields=full`.
   */
  content_html: z.string().optional(),
  summary_type: z.string(),
  language: z.enum(['EN', 'ZH']),
  created_at: z.string(),
  source_urls: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()),
  topic: TopicRefSchema.nullable(),
  datasource: z
    .object({ id: z.string(), source_name: z.string(), platform: z.string(), source_url: z.string() })
    .nullable(),
  /** The story (event) this summary reports; null until clustered. GET /api/stories/{id} lists it. */
  story_id: z.string().nullable().optional(),
  /** How many summaries the story has (1: no other report yet). */
  story_size: z.number().int().optional(),
  /** Whether the signed-in caller has read it (absent for visitors). */
  read: z.boolean().optional(),
  /** With order=for_you: why the card is where it is. */
  reason: ForYouReasonSchema.optional(),
  /** With group=story: how many of the story's summaries match the filters (this one included). */
  story_sources: z.number().int().optional(),
  /**
   * With group=story: those matching summaries, newest first (at most STORY_MEMBERS_SHOWN), each with
   * its source: what the card names and what its expander marks as matching.
   */
  story_members: z.array(StoryMatchSchema).optional(),
});
export type SummaryDto = z.infer<typeof SummaryDtoSchema>;

export const SummaryListResponseSchema = z.object({
  data: z.array(SummaryDtoSchema),
  page: z.number(),
  page_size: z.number(),
  /** Matches counted up to the fetch window (`total_capped` says when there are more). */
  total: z.number(),
  total_capped: z.boolean(),
  total_pages: z.number(),
  /** With group=story: the matching summaries (total counts their stories), capped like total. */
  summary_total: z.number().optional(),
  /** With q and cross_language on the first page: the other language's reports (OTHER_LANGUAGE_MAX). */
  other_language: z
    .object({
      language: z.enum(['EN', 'ZH']),
      /**
       * The words looked for in that language: the model's terms first when it answered, then the
       * query's words through the dictionary, and names.
       */
      terms: z.array(z.string()),
      /**
       * What translated the query: `provider`, the configured model (with the dictionary's words
       * after its own), or `dictionary` alone (no provider, or it failed, was late or gave no terms).
       * Absent with `skipped`.
       */
      engine: z.enum(['dictionary', 'provider']).optional(),
      data: z.array(SummaryDtoSchema),
      /** Why nothing was looked for: the query is in a script the dictionary does not cover. */
      skipped: z.enum(['unsupported_script']).optional(),
    })
    .optional(),
  /** The resolved range, ISO. */
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
});
export type SummaryListResponse = z.infer<typeof SummaryListResponseSchema>;

/** GET /api/summaries/:id and /api/stories/:id: the reader's zone, for the dates the answer writes. */
export const TimeZoneQuerySchema = z.object({ timezone: ZoneNameSchema.default(DEFAULT_TIME_ZONE) });

export const SummaryDetailSchema = SummaryDtoSchema.extend({
  content: z.string(),
  content_html: z.string(),
  post: z
    .object({
      id: z.string(),
      title: z.string(),
      url: z.string(),
      status: z.string(),
      author: z.string().nullable(),
    })
    .nullable(),
});
export type SummaryDetail = z.infer<typeof SummaryDetailSchema>;

export const TopicDtoSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  name_zh: z.string().nullable(),
  description: z.string(),
  description_zh: z.string().nullable(),
  keywords: z.array(z.string()),
  is_active: z.boolean(),
});
export type TopicDto = z.infer<typeof TopicDtoSchema>;
export const TopicListResponseSchema = z.object({ data: z.array(TopicDtoSchema) });

export const TopicStatsQuerySchema = z.object({
  date: DateParamSchema.optional(),
  timezone: ZoneNameSchema.default(DEFAULT_TIME_ZONE),
  language: UiLanguageSchema.default('en'),
});
export const TopicStatsSchema = z.object({
  topic_id: z.string(),
  count: z.number(),
  platforms: z.array(z.string()),
});
export type TopicStats = z.infer<typeof TopicStatsSchema>;
export const TopicStatsResponseSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  data: z.array(TopicStatsSchema),
});
export type TopicStatsResponse = z.infer<typeof TopicStatsResponseSchema>;

export const DatasourceDtoSchema = z.object({
  id: z.string(),
  topic_id: z.string(),
  platform: z.string(),
  source_name: z.string(),
  source_url: z.string(),
  language: z.enum(['EN', 'ZH']),
  is_active: z.boolean(),
  last_crawled_at: z.string().nullable(),
  topic: TopicRefSchema,
});
export type DatasourceDto = z.infer<typeof DatasourceDtoSchema>;
export const DatasourceListQuerySchema = z.object({
  language: UiLanguageSchema.optional(),
  topic_id: UuidSchema.optional(),
});
export const DatasourceListResponseSchema = z.object({ data: z.array(DatasourceDtoSchema) });

export const SourceTreeQuerySchema = z.object({ language: UiLanguageSchema.default('en') });
export const SourceTreeSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.string(),
  summary_count: z.number(),
  last_updated: z.string().nullable(),
});
export const SourceTreeResponseSchema = z.object({
  total: z.number(),
  topics: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      name_zh: z.string().nullable(),
      summary_count: z.number(),
      platforms: z.array(
        z.object({
          platform: z.string(),
          summary_count: z.number(),
          sources: z.array(SourceTreeSourceSchema),
        }),
      ),
    }),
  ),
});
export type SourceTree = z.infer<typeof SourceTreeResponseSchema>;

/** GET /api/topics/:idOrSlug/filter-options: the topic detail page's source and date choices. */
export const TopicFilterOptionsQuerySchema = z.object({
  timezone: ZoneNameSchema.default(DEFAULT_TIME_ZONE),
  language: UiLanguageSchema.default('en'),
});
/** At most this many days are offered (newest first); older ones stay reachable through /content-summary. */
export const TOPIC_FILTER_MAX_DAYS = 366;
export const TopicFilterOptionsSchema = z.object({
  /** Sources with summaries the caller may read, by name; `platform` is the platform id. */
  sources: z.array(z.object({ name: z.string(), platform: z.string(), summary_count: z.number() })),
  /** Days (YYYY-MM-DD in `timezone`) with summaries the caller may read, newest first. */
  dates: z.array(z.string()),
});
export type TopicFilterOptions = z.infer<typeof TopicFilterOptionsSchema>;

/**
 * GET /api/topics/:idOrSlug/generated-content: the copy its authors published, within the caller's
 * reading window (visitors and free users: the summaries of yesterday and today). The author is named
 * by display name only; their instructions (user_input) and ids are never part of it.
 */
export const TopicGeneratedContentQuerySchema = z.object({
  timezone: ZoneNameSchema.default(DEFAULT_TIME_ZONE),
});
export const GeneratedContentDtoSchema = z.object({
  id: z.string(),
  target_platform: z.string(),
  content: z.string(),
  hashtags: z.array(z.string()),
  source_urls: z.array(z.string()),
  created_at: z.string(),
  published_at: z.string(),
  source_name: z.string().nullable(),
  /** The author's display name; null when they have none (the page says "a reader"). */
  author_name: z.string().nullable(),
});
export type GeneratedContentDto = z.infer<typeof GeneratedContentDtoSchema>;
export const GeneratedContentListSchema = z.object({ data: z.array(GeneratedContentDtoSchema) });

export const YoutubeSourceSchema = z.object({
  id: z.string(),
  source_name: z.string(),
  source_url: z.string(),
  language: z.enum(['EN', 'ZH']),
  topic: TopicRefSchema,
  summary_count: z.number(),
});
export const YoutubeSourcesResponseSchema = z.object({ data: z.array(YoutubeSourceSchema) });
export const YoutubeSourcesQuerySchema = z.object({ language: UiLanguageSchema.optional() });
export const YoutubeSummariesQuerySchema = z.object({
  language: UiLanguageSchema.default('en'),
  timezone: ZoneNameSchema.default(DEFAULT_TIME_ZONE),
});
export const YoutubeSummariesResponseSchema = z.object({
  source: YoutubeSourceSchema,
  /** True when the free two-day window was applied. */
  limited: z.boolean(),
  data: z.array(SummaryDtoSchema),
});

export const FavoriteDatasourceBodySchema = z.object({ datasource_id: UuidSchema });
export const FavoriteSummaryBodySchema = z.object({ summary_id: UuidSchema });
export const FavoriteDatasourcesResponseSchema = z.object({
  success: z.literal(true),
  favorites: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      datasources: z.object({ id: z.string(), source_name: z.string(), platform: z.string() }),
    }),
  ),
});
export const FavoriteSummariesResponseSchema = z.object({
  success: z.literal(true),
  favorites: z.array(
    z.object({ id: z.string(), created_at: z.string(), summaries: z.object({ id: z.string() }) }),
  ),
});
export const SuccessMessageSchema = z.object({ success: z.literal(true), message: z.string() });

const OTHER = 'other';
export const SourceSubmissionBodySchema = z
  .object({
    topic: z.string({ error: CONTENT_MESSAGES.topicRequired }).trim().min(1, CONTENT_MESSAGES.topicRequired),
    topic_custom: z.string().trim().max(100, CONTENT_MESSAGES.topicCustomTooLong).optional(),
    platform: z
      .string({ error: CONTENT_MESSAGES.platformRequired })
      .trim()
      .min(1, CONTENT_MESSAGES.platformRequired),
    platform_custom: z.string().trim().max(50, CONTENT_MESSAGES.platformCustomTooLong).optional(),
    url: z
      .string({ error: CONTENT_MESSAGES.urlInvalid })
      .trim()
      .max(500, CONTENT_MESSAGES.urlTooLong)
      .refine((v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      }, CONTENT_MESSAGES.urlInvalid),
  })
  .superRefine((body, ctx) => {
    if (body.topic !== OTHER && !UuidSchema.safeParse(body.topic).success) {
      ctx.addIssue({ code: 'custom', path: ['topic'], message: CONTENT_MESSAGES.topicRequired });
    }
    if (body.topic === OTHER && !body.topic_custom) {
      ctx.addIssue({ code: 'custom', path: ['topic_custom'], message: CONTENT_MESSAGES.topicCustomRequired });
    }
    if (body.platform !== OTHER && !PlatformSchema.safeParse(body.platform).success) {
      ctx.addIssue({ code: 'custom', path: ['platform'], message: CONTENT_MESSAGES.platformRequired });
    }
    if (body.platform === OTHER && !body.platform_custom) {
      ctx.addIssue({
        code: 'custom',
        path: ['platform_custom'],
        message: CONTENT_MESSAGES.platformCustomRequired,
      });
    }
  });
export type SourceSubmissionBody = z.infer<typeof SourceSubmissionBodySchema>;

export const IdOrSlugParamsSchema = z.object({ idOrSlug: z.string().min(1).max(100) });
export const IdParamsSchema = z.object({ id: UuidSchema });
export const SourceNameParamsSchema = z.object({ sourceName: z.string().trim().min(1).max(200) });
