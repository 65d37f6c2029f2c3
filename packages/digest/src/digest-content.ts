import type { UiLanguage } from '@app/contracts';
import { Prisma, type PrismaClient } from '@app/db';
import { toDataLanguage, toLocale } from '@app/rules';
import { summaryExcerpt } from '@app/text';

/** One outlet that reported an entry's story, with a link to its item when it has a web one. */
export type DigestSource = { name: string; url: string | null };

/** One digest entry: a story, shown through its representative summary. */
export type DigestSummary = {
  id: string;
  headline: string;
  excerpt: string;
  sourceUrl: string | null;
  sourceName: string | null;
  /** Every outlet in the digest's language that reported the story, the representative's first. */
  sources: DigestSource[];
};

export type DigestTopic = { id: string; name: string; summaries: DigestSummary[] };

/** What a topic's part of a digest is made of: its entries, each with the outlets it names. */
export function topicEntriesKey(topic: DigestTopic): string {
  return `${topic.id}:${topic.summaries
    .map((summary) => `${summary.id}+${summary.sources.map((source) => source.url ?? source.name).join('+')}`)
    .join(',')}`;
}

export type DigestContent = {
  language: UiLanguage;
  /** The subscriber's local date the digest is for (YYYY-MM-DD). */
  date: string;
  topics: DigestTopic[];
  /** Entries in the digest: one per story (a summary not yet clustered is a story of its own). */
  summaryCount: number;
};

const EXCERPT_LENGTH = 280;
const HEADLINE_LENGTH = 80;

/**
 * An entry's headline (its own, else the start of its text) and excerpt. Summaries are markdown; the
 * email shows a short plain-text excerpt and links to the site for the rest.
 */
export type SummaryTexts = { headline: string; excerpt: string };

function summaryTexts(row: Pick<Row, 'headline' | 'content'>, language: UiLanguage): SummaryTexts {
  const headline = row.headline.trim();
  return {
    headline: headline || summaryExcerpt(row.content, { maxLength: HEADLINE_LENGTH, language }),
    excerpt: summaryExcerpt(row.content, { maxLength: EXCERPT_LENGTH, language, headline }),
  };
}

type Row = {
  id: string;
  topic_id: string;
  headline: string;
  content: string;
  source_urls: string[];
  source_name: string | null;
  sources: { name: string | null; url: string | null }[];
};

const hostOf = (url: string | null) => {
  try {
    return url ? new URL(url).hostname : null;
  } catch {
    return null;
  }
};

/** Names each source (the outlet, else the link's host) and drops those that have neither. */
function toSources(rows: Row['sources']): DigestSource[] {
  return rows.flatMap((row) => {
    const name = row.name?.trim() || hostOf(row.url);
    return name ? [{ name, url: row.url }] : [];
  });
}

/**
 * Which summaries a digest takes: those of its whole topics, and a source taken alone's own summaries
 * of its topic (a source moved to another topic since brings only those of its present one).
 */
function pickedSummaries(topicIds: string[], datasourceIds: string[]): Prisma.Sql {
  const ofTopics = Prisma.sql`s.topic_id = ANY(${topicIds}::uuid[])`;
  if (datasourceIds.length === 0) return ofTopics;
  return Prisma.sql`(${ofTopics} OR (s.datasource_id = ANY(${datasourceIds}::uuid[])
    AND s.topic_id = (SELECT d.topic_id FROM datasources d WHERE d.id = s.datasource_id)))`;
}

/** The digest's topics: its whole topics and those of its sources taken alone, active ones only. */
function digestTopicsWhere(topicIds: string[], datasourceIds: string[]): Prisma.TopicWhereInput {
  if (datasourceIds.length === 0) return { id: { in: topicIds }, isActive: true };
  return {
    isActive: true,
    OR: [{ id: { in: topicIds } }, { datasources: { some: { id: { in: datasourceIds } } } }],
  };
}

/**
 * The newest `perTopic` stories of each topic in `[from, to)` in the digest's language (a source taken
 * alone adds its topic with only that source's summaries), topics alphabetical by localised name.
 * Summaries of one story make one entry: the story's newest summary in the window stands for it (under
 * that summary's topic, so a story filed under two followed topics still appears once), followed by
 * every outlet that reported it. Topics with nothing new are left out; a digest with no topics is a quiet day.
 * One query: the members' sources come from a lateral join on the story index, not a query per entry.
 */
export async function loadDigestContent(
  prisma: PrismaClient,
  input: {
    language: UiLanguage;
    topicIds: string[];
    /** Sources taken alone (see DigestRecipient); none when absent. */
    datasourceIds?: string[];
    from: Date;
    to: Date;
    date: string;
    perTopic: number;
    /** Headlines and excerpts already made, by summary id: shared by the loads of one send. */
    texts?: Map<string, SummaryTexts>;
  },
): Promise<DigestContent> {
  const language = toDataLanguage(input.language);
  const datasourceIds = input.datasourceIds ?? [];
  const [topics, rows] = await Promise.all([
    prisma.topic.findMany({
      where: digestTopicsWhere(input.topicIds, datasourceIds),
      select: { id: true, name: true, nameZh: true },
    }),
    prisma.$queryRaw<Row[]>`
      WITH picked AS (
        SELECT s.id, s.topic_id, s.story_id, s.headline, s.content, s.source_urls, s.created_at,
               s.metadata->>'source_name' AS source_name, coalesce(s.story_id, s.id) AS story_key
        FROM summaries s
        WHERE ${pickedSummaries(input.topicIds, datasourceIds)}
          AND s.language = ${language}::"Language"
          AND s.created_at >= ${input.from} AND s.created_at < ${input.to}
      ), representative AS (
        SELECT DISTINCT ON (story_key) * FROM picked ORDER BY story_key, created_at DESC, id
      ), ranked AS (
        SELECT r.*, row_number() OVER (PARTITION BY r.topic_id ORDER BY r.created_at DESC, r.id) AS rank
        FROM representative r
      )
      SELECT r.id, r.topic_id, r.headline, r.content, r.source_urls, r.source_name, src.sources
      FROM ranked r
      CROSS JOIN LATERAL (
        SELECT coalesce(jsonb_agg(jsonb_build_object('name', x.name, 'url', x.url)
                                  ORDER BY x.is_representative DESC, x.created_at, x.id), '[]'::jsonb) AS sources
        FROM (
          -- One row per outlet, its latest item: a source with several summaries of the story is named once.
          SELECT DISTINCT ON (member.outlet) member.* FROM (
            SELECT m.id, m.created_at, m.id = r.id AS is_representative,
                   coalesce(d.source_name, m.metadata->>'source_name') AS name,
                   (SELECT u FROM unnest(m.source_urls) u WHERE u ~* '^https?://' LIMIT 1) AS url,
                   coalesce(m.datasource_id::text, m.metadata->>'source_name', m.id::text) AS outlet
            FROM summaries m LEFT JOIN datasources d ON d.id = m.datasource_id
            WHERE m.language = ${language}::"Language" AND (m.id = r.id OR m.story_id = r.story_id)
          ) member
          ORDER BY member.outlet, member.is_representative DESC, member.created_at DESC, member.id
        ) x
      ) src
      WHERE r.rank <= ${input.perTopic}
      ORDER BY r.topic_id, r.rank`,
  ]);
  const byTopic = new Map<string, DigestSummary[]>();
  for (const row of rows) {
    const list = byTopic.get(row.topic_id) ?? [];
    let texts = input.texts?.get(row.id);
    if (!texts) {
      texts = summaryTexts(row, input.language);
      input.texts?.set(row.id, texts);
    }
    list.push({
      id: row.id,
      ...texts,
      sourceUrl: row.source_urls.find((url) => /^https?:\/\//i.test(url)) ?? null,
      sourceName: row.source_name,
      sources: toSources(row.sources),
    });
    byTopic.set(row.topic_id, list);
  }
  const collator = new Intl.Collator(toLocale(input.language));
  const digestTopics = topics
    .map((topic) => ({
      id: topic.id,
      name: (input.language === 'zh' ? topic.nameZh : null) || topic.name,
      summaries: byTopic.get(topic.id) ?? [],
    }))
    .filter((topic) => topic.summaries.length > 0)
    .sort((a, b) => collator.compare(a.name, b.name));
  return {
    language: input.language,
    date: input.date,
    topics: digestTopics,
    summaryCount: digestTopics.reduce((sum, topic) => sum + topic.summaries.length, 0),
  };
}
