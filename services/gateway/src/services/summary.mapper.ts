import { SUMMARY_EXCERPT_MAX } from '@app/contracts';
import { summaryExcerpt } from '@app/text';
import { summaryPageHtml } from '../lib/summary-html.ts';
import { webUrls } from '../lib/web-urls.ts';
import type { StoryGroupRow } from '../repositories/story-groups.sql.ts';
import type { SummaryWithPostRow } from '../repositories/summaries.repository.ts';
import type { SummaryRow } from '../repositories/summaries.sql.ts';

// Summary rows as the API answers them: the card's excerpt and the page's HTML, rendered here from the
// markdown (the repositories return rows as read).

/** How many summaries' rendered texts are kept (a summary is a few KB of markdown: tens of MB at most). */
const RENDERED_KEPT = 5000;
type Rendered = { excerpt: string; contentHtml: string };
/** By summary id, least recently read first, with what they were rendered from. */
const rendered = new Map<string, Rendered & { content: string; headline: string; language: string }>();

/**
 * A summary's card excerpt and its content as page HTML. Parsing its markdown costs more than the
 * page's SQL, and the same pages are read again and again, so what the summaries read lately render to
 * is kept; an edited summary (other content, headline or language) is rendered anew.
 */
function renderSummary(r: SummaryRow): Rendered {
  const kept = rendered.get(r.id);
  rendered.delete(r.id);
  if (kept && kept.content === r.content && kept.headline === r.headline && kept.language === r.language) {
    rendered.set(r.id, kept);
    return kept;
  }
  const excerpt = summaryExcerpt(r.content, {
    maxLength: SUMMARY_EXCERPT_MAX,
    language: r.language === 'ZH' ? 'zh' : 'en',
    headline: r.headline,
  });
  const entry = {
    content: r.content,
    headline: r.headline,
    language: r.language,
    excerpt,
    contentHtml: summaryPageHtml(r.content, r.headline),
  };
  rendered.set(r.id, entry);
  if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
  return entry;
}

export function toSummaryDto(r: SummaryRow) {
  const text = renderSummary(r);
  return {
    id: r.id,
    headline: r.headline,
    content: r.content,
    // Read as sentences and rendered here (the excerpt as the digest reads it, the HTML as the feeds
    // render it), so the browser needs no markdown parser.
    excerpt: text.excerpt,
    content_html: text.contentHtml,
    summary_type: r.summary_type,
    language: r.language,
    created_at: r.created_at.toISOString(),
    source_urls: webUrls(r.source_urls),
    metadata: (r.metadata ?? {}) as Record<string, unknown>,
    topic: r.topic_id ? { id: r.topic_id, name: r.topic_name ?? '', name_zh: r.topic_name_zh } : null,
    datasource: r.ds_id
      ? {
          id: r.ds_id,
          source_name: r.ds_source_name ?? '',
          platform: r.ds_platform ?? '',
          source_url: r.ds_source_url ?? '',
        }
      : null,
    story_id: r.story_id,
    // Not clustered yet: the summary is its own story so far.
    story_size: r.story_size ?? 1,
  };
}

/** A row of the list grouped by story: the summary standing for its story, with the story's sources. */
export function toStoryGroupDto(row: StoryGroupRow) {
  return { ...toSummaryDto(row), story_sources: row.story_sources, story_members: row.story_members };
}

/** One summary with the post it was made from (the summary page). */
export function toSummaryWithPostDto(row: SummaryWithPostRow) {
  return {
    ...toSummaryDto(row),
    post: row.post_id
      ? {
          id: row.post_id,
          title: row.post_title ?? '',
          url: row.post_url ?? '',
          status: row.post_status ?? '',
          author: row.post_author,
        }
      : null,
  };
}
