import { toDataLanguage, toLocale, type UiLanguage } from '@app/contracts';
import type { PrismaClient } from '@app/db';
import { summaryExcerpt } from '@app/text';

export type DigestSummary = {
  id: string;
  headline: string;
  excerpt: string;
  sourceUrl: string | null;
  sourceName: string | null;
};

export type DigestTopic = { id: string; name: string; summaries: DigestSummary[] };

export type DigestContent = {
  language: UiLanguage;
  /** The subscriber's local date the digest is for (YYYY-MM-DD). */
  date: string;
  topics: DigestTopic[];
  summaryCount: number;
};

const EXCERPT_LENGTH = 280;
const HEADLINE_LENGTH = 80;

type Row = {
  id: string;
  topic_id: string;
  headline: string;
  content: string;
  source_urls: string[];
  source_name: string | null;
};

/**
 * The newest `perTopic` summaries of each topic in `[from, to)` in the digest's language, topics in
 * the order given (alphabetical by localised name when the caller sorts them). Topics with nothing
 * new are left out; a digest with no topics at all is a quiet day.
 */
export async function loadDigestContent(
  prisma: PrismaClient,
  input: { language: UiLanguage; topicIds: string[]; from: Date; to: Date; date: string; perTopic: number },
): Promise<DigestContent> {
  const [topics, rows] = await Promise.all([
    prisma.topic.findMany({
      where: { id: { in: input.topicIds }, isActive: true },
      select: { id: true, name: true, nameZh: true },
    }),
    prisma.$queryRaw<Row[]>`
      SELECT id, topic_id, headline, content, source_urls, source_name FROM (
        SELECT s.id, s.topic_id, s.headline, s.content, s.source_urls, s.metadata->>'source_name' AS source_name,
               row_number() OVER (PARTITION BY s.topic_id ORDER BY s.created_at DESC, s.id) AS rank
        FROM summaries s
        WHERE s.topic_id = ANY(${input.topicIds}::uuid[])
          AND s.language = ${toDataLanguage(input.language)}::"Language"
          AND s.created_at >= ${input.from} AND s.created_at < ${input.to}
      ) ranked
      WHERE rank <= ${input.perTopic}
      ORDER BY topic_id, rank`,
  ]);
  const byTopic = new Map<string, DigestSummary[]>();
  for (const row of rows) {
    const list = byTopic.get(row.topic_id) ?? [];
    // Summaries are markdown; the email shows a short plain-text excerpt and links to the site for the rest.
    const headline = row.headline.trim();
    list.push({
      id: row.id,
      headline:
        headline || summaryExcerpt(row.content, { maxLength: HEADLINE_LENGTH, language: input.language }),
      excerpt: summaryExcerpt(row.content, { maxLength: EXCERPT_LENGTH, language: input.language, headline }),
      sourceUrl: row.source_urls.find((url) => /^https?:\/\//i.test(url)) ?? null,
      sourceName: row.source_name,
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
