import type { PrismaClient } from '@app/db';

export type StoryMemberRow = {
  id: string;
  headline: string;
  language: 'EN' | 'ZH';
  summary_type: string;
  created_at: Date;
  event_at: Date;
  source_urls: string[];
  ds_id: string | null;
  ds_source_name: string | null;
  ds_platform: string | null;
  match_method: string | null;
  match_score: number | null;
};

export type StoryRecord = {
  id: string;
  headline: string;
  language: 'EN' | 'ZH';
  first_seen_at: Date;
  last_seen_at: Date;
  members: StoryMemberRow[];
};

/** How many redirects a story's address is followed through (each merge or re-clustering adds one). */
const REDIRECT_STEPS = 5;

/**
 * The story at `storyId`, or, when that story has gone into another (story_redirects), the story it
 * went into: what a shared link to a story opens. Null when there is neither.
 */
export async function findCurrentStory(prisma: PrismaClient, storyId: string): Promise<StoryRecord | null> {
  let id = storyId;
  for (let step = 0; step <= REDIRECT_STEPS; step++) {
    const story = await findStory(prisma, id);
    if (story) return story;
    const [redirect] = await prisma.$queryRaw<{ to_id: string }[]>`
      SELECT to_id::text FROM story_redirects WHERE from_id = ${id}::uuid`;
    if (!redirect) return null;
    id = redirect.to_id;
  }
  return null;
}

/** A story with its summaries (oldest first) and their sources; null when there is no such story. */
export async function findStory(prisma: PrismaClient, storyId: string): Promise<StoryRecord | null> {
  const [story] = await prisma.$queryRaw<Omit<StoryRecord, 'members'>[]>`
    SELECT id, headline, language::text AS language, first_seen_at, last_seen_at
    FROM stories WHERE id = ${storyId}::uuid`;
  if (!story) return null;
  const members = await prisma.$queryRaw<StoryMemberRow[]>`
    SELECT s.id, s.headline, s.language::text AS language, s.summary_type::text AS summary_type, s.created_at,
      coalesce(f.event_at, s.created_at) AS event_at, s.source_urls,
      d.id AS ds_id, d.source_name AS ds_source_name, d.platform::text AS ds_platform,
      f.match_method, f.score AS match_score
    FROM summaries s
    LEFT JOIN summary_fingerprints f ON f.summary_id = s.id
    LEFT JOIN datasources d ON d.id = s.datasource_id
    WHERE s.story_id = ${storyId}::uuid
    ORDER BY coalesce(f.event_at, s.created_at), s.id
    LIMIT 500`;
  return { ...story, members };
}
