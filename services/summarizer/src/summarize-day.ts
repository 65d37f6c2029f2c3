import { SUMMARY_TYPE_BY_PLATFORM } from '@app/db';
import { extractiveSummarize } from '@app/llm';
import { sourceDisplayName, toUiLanguage } from '@app/rules';
import { generateSummary } from './generate.ts';
import { postText } from './post-text.ts';
import { announceSummary, type SummarizeDeps } from './summarize-post.ts';
import { sourceMetadata } from './summary-metadata.ts';

const MAX_POSTS = 30;

/**
 * One summary of a datasource's posts of a UTC day (reddit: daily_subreddit; twitter and
 * twitter-rss: twitter_rss_datasource), keyed by dedupe_key so a re-run updates it in place.
 */
export async function summarizeDatasourceDay(
  deps: SummarizeDeps,
  input: { datasourceId: string; date: string; lastAttempt: boolean },
) {
  const { prisma } = deps;
  const datasource = await prisma.datasource.findUnique({
    where: { id: input.datasourceId },
    include: { topic: true },
  });
  if (!datasource) return { status: 'skipped' as const, reason: 'datasource deleted' };
  const start = new Date(`${input.date}T00:00:00Z`);
  const end = new Date(start.getTime() + 86_400_000);
  const posts = await prisma.post.findMany({
    where: {
      datasourceId: datasource.id,
      // The day's posts, and any the crawler stored since the last run that still wait for a summary.
      OR: [
        { publishedAt: { gte: start, lt: end } },
        { createdAt: { gte: start, lt: end } },
        { status: 'pending' },
      ],
    },
    orderBy: [{ publishedAt: { sort: 'desc', nulls: 'last' } }],
    take: 200,
  });
  if (posts.length === 0) return { status: 'skipped' as const, reason: 'no posts' };
  const score = (p: (typeof posts)[number]) => Number((p.metadata as Record<string, unknown>)?.score ?? 0);
  const used = [...posts].sort((a, b) => score(b) - score(a)).slice(0, MAX_POSTS);
  const language = datasource.language;
  const summaryType = SUMMARY_TYPE_BY_PLATFORM[datasource.platform];
  const config = (datasource.config ?? {}) as Record<string, unknown>;
  const subreddit = typeof config.subreddit === 'string' && config.subreddit ? config.subreddit : null;
  const keyword = datasource.platform === 'twitter' ? datasource.sourceUrl : null;
  // The title is read in the summary's language: an English one names a keyword source in English.
  const label = subreddit
    ? `r/${subreddit}`
    : sourceDisplayName(datasource.sourceName, toUiLanguage(language));
  const title =
    language === 'ZH' ? `${label} 每日精选 ${input.date}` : `${label}: the day in brief, ${input.date}`;
  const digest = used
    .map((p, i) => `${i + 1}. ${p.title}\n${postText(p.content).slice(0, 600)}`)
    .join('\n\n');
  const generated = await generateSummary(
    deps.llm,
    {
      language,
      title,
      text: digest,
      kind: summaryType,
      extraContext: `${used.length} posts from ${label}`,
      usage: { feature: 'daily_summary', topicId: datasource.topicId },
    },
    { maxInputChars: deps.maxInputChars, fallbackOnError: input.lastAttempt },
  );
  let content = generated.content;
  if (generated.generator === 'extractive') {
    // Offline: a linked list of the day's top posts, each with its own extractive gist.
    content = used
      .slice(0, 10)
      .map((p) => {
        const gist = extractiveSummarize({
          title: p.title,
          text: postText(p.content),
          language,
          maxSentences: 1,
        }).sentences[0];
        return `- [${p.title.replace(/[[\]]/g, '')}](${p.url})${gist && gist !== p.title ? ` — ${gist}` : ''}`;
      })
      .join('\n');
  }
  const metadata = {
    ...sourceMetadata(datasource),
    ...(subreddit ? { subreddit } : {}),
    ...(keyword ? { keyword } : {}),
    posts_count: posts.length,
    post_titles: used.map((p) => p.title),
    post_urls: posts.map((p) => p.url),
    used_post_urls: used.map((p) => p.url),
    date: input.date,
    generator: generated.generator,
    ...(generated.model ? { model: generated.model } : {}),
  };
  const dedupeKey = `${summaryType}:${datasource.id}:${input.date}:${language}`;
  const data = {
    headline: generated.headline || title,
    content,
    summaryType,
    language,
    sourceUrls: used.map((p) => p.url),
    metadata,
    datasourceId: datasource.id,
    topicId: datasource.topicId,
  };
  const summary = await prisma.summary.upsert({
    where: { dedupeKey },
    create: { ...data, dedupeKey },
    update: data,
    select: { id: true },
  });
  await prisma.post.updateMany({
    where: { id: { in: posts.map((p) => p.id) }, status: { not: 'summarized' } },
    data: { status: 'summarized' },
  });
  await announceSummary(deps, summary.id);
  return {
    status: 'upserted' as const,
    summaryId: summary.id,
    posts: posts.length,
    generator: generated.generator,
  };
}
