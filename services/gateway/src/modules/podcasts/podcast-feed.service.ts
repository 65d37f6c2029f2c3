import { createHash, createHmac } from 'node:crypto';
import {
  AppError,
  PODCAST_FEED_EPISODE_LIMIT,
  PODCAST_SHOW,
  type PodcastChapter,
  PodcastChapterSchema,
  type PodcastFeedQuerySchema,
  type PodcastFeedToken,
  type UiLanguage,
} from '@app/contracts';
import { podcastEpisodeTitle, toDataLanguage, toUiLanguage } from '@app/rules';
import type { ObjectStorage } from '@app/storage';
import { z } from 'zod';
import { createOpaqueToken, hashToken } from '../../lib/opaque-token.ts';
import { type PodcastEpisode, renderPodcastRss } from '../../lib/podcast-rss.ts';
import type { ConditionalBody } from '../../lib/send-feed.ts';
import type { ServiceContext } from '../context.ts';
import { type AudioAnswer, audioSize, openPodcastAudio, podcastAudioKey } from './podcast-audio.ts';

export type PodcastFeedService = ReturnType<typeof createPodcastFeedService>;
type FeedQuery = z.output<typeof PodcastFeedQuerySchema>;

/** What createOpaqueToken and the HMAC below produce: 32 bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const ChaptersSchema = z.array(PodcastChapterSchema).min(1);
/** The same answer for an unknown, revoked or misspelt token and for a missing episode. */
const notFound = () => new AppError('NOT_FOUND', 'Not found');

export const chaptersOf = (metadata: Record<string, unknown>): PodcastChapter[] | null => {
  const parsed = ChaptersSchema.safeParse(metadata.chapters);
  return parsed.success ? parsed.data : null;
};

/** The repositories this service is given (its module's index.ts hands it these only). */
export const PODCAST_FEED_REPOS = ['feeds', 'podcasts'] as const;

/**
 * The private podcast feed (RSS 2.0 + iTunes + Podcasting 2.0) for podcast apps, which send no
 * Bearer header: the token in the URL is the only credential of the feed and of the episodes,
 * transcripts and chapters it links, for as long as it is not revoked or replaced.
 *
 * Tokens are feed_tokens rows of kind 'podcasts' (the favourites feed's mechanism): looked up by their
 * sha256. Unlike the favourites URL, which shows once, the podcast page shows the URL every time, so
 * the token is derived — HMAC(key from JWT_SECRET, user id + a random seed kept in the row) — and
 * recomputed for the page; a leaked table alone still yields no token.
 */
export function createPodcastFeedService(
  ctx: ServiceContext<(typeof PODCAST_FEED_REPOS)[number]>,
  storage: ObjectStorage,
) {
  const { feeds, podcasts } = ctx.repos;
  const base = () => ctx.config.PUBLIC_URL;
  const key = createHmac('sha256', ctx.config.JWT_SECRET).update('podcast-feed-token').digest();
  const deriveToken = (userId: string, seed: string) =>
    createHmac('sha256', key).update(`${userId}:${seed}`).digest('base64url');
  const feedBase = (token: string) => `${base()}/api/podcasts/feed/${token}`;

  /** The owner's token row (its creation dates an empty feed); 404 for anything else. */
  async function requireFeed(token: string) {
    if (!TOKEN_SHAPE.test(token)) throw notFound();
    const owner = await feeds.ownerOfToken(hashToken(token), 'podcasts');
    if (!owner) throw notFound();
    return owner;
  }

  async function episodesOf(token: string, query: FeedQuery, language: UiLanguage) {
    const rows = await podcasts.listFeedEpisodes(
      {
        languages: (query.lang ?? ['en']).map((lang) => toDataLanguage(lang)),
        topicIds: query.topics,
      },
      PODCAST_FEED_EPISODE_LIMIT,
    );
    const withSizes = await Promise.all(
      rows.map(async (row) => {
        const bytes = await audioSize(storage, podcastAudioKey(row.id, row.metadata)).catch((error) => {
          ctx.logger.warn({ err: error, podcastId: row.id }, 'podcast feed: audio storage unavailable');
          return null;
        });
        return { row, bytes };
      }),
    );
    const home = `${base()}${language === 'zh' ? '/zh' : ''}/daily-podcast`;
    const episodes: PodcastEpisode[] = [];
    for (const { row, bytes } of withSizes) {
      // Text-only podcasts (no speech engine) have nothing a podcast app can play.
      if (!bytes) continue;
      const date = row.targetDate.toISOString().slice(0, 10);
      const chapters = chaptersOf(row.metadata);
      const duration = row.metadata.duration_seconds;
      const episodeUrl = `${feedBase(token)}/episodes/${row.id}`;
      episodes.push({
        guid: row.id,
        title: podcastEpisodeTitle(row.topicName, date),
        description: chapters
          ? chapters.map((chapter, index) => `${index + 1}. ${chapter.title}`).join('\n')
          : podcastEpisodeTitle(row.topicName, date),
        link: `${home}?date=${date}&topic=${row.topicId}`,
        published: row.completedAt,
        audio: { url: `${episodeUrl}/audio.mp3`, bytes },
        durationSeconds: typeof duration === 'number' && duration > 0 ? duration : null,
        transcript: row.hasTranscript
          ? { url: `${episodeUrl}/transcript.txt`, language: toUiLanguage(row.language) }
          : null,
        chaptersUrl: chapters ? `${episodeUrl}/chapters.json` : null,
      });
    }
    return episodes;
  }

  async function channelTitle(query: FeedQuery, language: UiLanguage) {
    const show = PODCAST_SHOW[language].title;
    if (!query.topics) return show;
    const topics = await podcasts.topicNames(query.topics);
    const names = topics
      .map((topic) => (language === 'zh' && topic.nameZh ? topic.nameZh : topic.name))
      .sort((a, b) => a.localeCompare(b));
    if (names.length === 0) return show;
    const shown = names.length > 3 ? [...names.slice(0, 3), `+${names.length - 3}`] : names;
    return `${show}: ${shown.join(', ')}`;
  }

  return {
    /** The user's feed URL for the podcast page and GET /api/podcasts; null when they have none. */
    async feedUrlOf(userId: string, language: 'EN' | 'ZH'): Promise<string | null> {
      const row = await feeds.tokenOf(userId, 'podcasts');
      if (!row?.seed) return null;
      const token = deriveToken(userId, row.seed);
      // JWT_SECRET changed since: the old URL still opens (by its hash) but can no longer be shown.
      if (hashToken(token) !== row.tokenHash) return null;
      return `${feedBase(token)}?lang=${toUiLanguage(language)}`;
    },

    /** A new feed URL; the previous one (and every episode link in it) stops answering at once. */
    async regenerateToken(userId: string): Promise<PodcastFeedToken> {
      const seed = createOpaqueToken(16);
      const token = deriveToken(userId, seed);
      const row = await feeds.replaceToken(userId, 'podcasts', hashToken(token), seed);
      return { feed_url: feedBase(token), created_at: row.createdAt.toISOString() };
    },

    revokeToken: (userId: string) => feeds.deleteToken(userId, 'podcasts'),

    /** The feed itself, with validators for a conditional GET. */
    async feed(token: string, query: FeedQuery): Promise<ConditionalBody> {
      const owner = await requireFeed(token);
      const language: UiLanguage = query.lang?.[0] ?? 'en';
      const [episodes, title] = await Promise.all([
        episodesOf(token, query, language),
        channelTitle(query, language),
      ]);
      // Never 1970: an empty feed is dated by its token's creation.
      let updated = owner.createdAt;
      const hash = createHash('sha256').update(JSON.stringify([query, title, owner.createdAt]));
      for (const episode of episodes) {
        if (episode.published > updated) updated = episode.published;
        hash.update(
          `\n${episode.guid}:${episode.published.getTime()}:${episode.audio.bytes}:${episode.durationSeconds}:${episode.description}`,
        );
      }
      const lastModified = new Date(Math.floor(updated.getTime() / 1000) * 1000);
      const search = new URLSearchParams();
      if (query.lang) search.set('lang', query.lang.join(','));
      if (query.topics) search.set('topics', query.topics.join(','));
      const show = PODCAST_SHOW[language];
      return {
        etag: `"${hash.digest('base64url').slice(0, 27)}"`,
        lastModified,
        render: () => ({
          contentType: 'application/rss+xml; charset=utf-8',
          body: renderPodcastRss(
            {
              title,
              description: show.description,
              link: `${base()}${language === 'zh' ? '/zh' : ''}/daily-podcast`,
              selfUrl: `${feedBase(token)}${search.size > 0 ? `?${search}` : ''}`,
              language: language === 'zh' ? 'zh-cn' : 'en',
              author: show.author,
              imageUrl: `${base()}/api/podcasts/artwork.png`,
              updated: lastModified,
            },
            episodes,
          ),
        }),
      };
    },

    /** An episode's MP3 for the holder of a live feed token (Range → 206, past the end → 416). */
    async episodeAudio(
      token: string,
      id: string,
      request: { range?: string; withBody: boolean },
    ): Promise<AudioAnswer> {
      await requireFeed(token);
      const task = await podcasts.findCompleted(id);
      if (!task) throw notFound();
      return openPodcastAudio(storage, task, request);
    },

    async episodeTranscript(token: string, id: string): Promise<string> {
      await requireFeed(token);
      const task = await podcasts.findCompleted(id);
      if (!task?.transcript) throw notFound();
      return task.transcript;
    },

    /** Podcasting 2.0 JSON chapters: one per story, as the worker timed them. */
    async episodeChapters(token: string, id: string) {
      await requireFeed(token);
      const task = await podcasts.findCompleted(id);
      const chapters = task ? chaptersOf(task.metadata) : null;
      if (!chapters) throw notFound();
      return {
        version: '1.2.0',
        chapters: chapters.map((chapter) => ({
          startTime: Math.round(chapter.start_seconds * 1000) / 1000,
          endTime: Math.round(chapter.end_seconds * 1000) / 1000,
          title: chapter.title,
        })),
      };
    },
  };
}
