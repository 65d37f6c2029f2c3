import { SUMMARY_EXCERPT_MAX } from '@app/contracts';
import { summaryExcerpt } from '@app/text';
import { summaryPageHtml } from '../../lib/summary-html.ts';
import { webUrls } from '../../lib/web-urls.ts';
import type { StoryGroupRow } from './story-groups.sql.ts';
import type { SummaryWithPostRow } from './summaries.repository.ts';
import type { SummaryRow } from './summaries.sql.ts';

// Summary rows as the API answers them: the card's excerpt and the page's HTML, rendered here from the
// markdown (the repositories return rows as read).

/** How many summaries' rendered texts are kept (a summary is a few KB of markdown: tens of MB at most). */
const RENDERED_KEPT = 5000;
/** The card's excerpt; the page's HTML once a whole text was asked for. */
type Rendered = { excerpt: string; contentHtml?: string };
/** By summary id, least recently read first, with what they were rendered from. */
const rendered = new Map<string, Rendered & { content: string; headline: string; language: string }>();

/** What a list item carries: what its card shows, or its whole text too. */
export type SummaryFields = 'card' | 'full';

/**
 * A summary's card excerpt (and, when asked, its content as page HTML). Parsing its markdown costs more
 * than the page's SQL, and the same pages are read again and again, so what the summaries read lately
 * render to is kept; an edited summary (other content, headline or language) is rendered anew.
 */
function renderSummary(r: SummaryRow) {
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
  const entry: Rendered & { content: string; headline: string; language: string } = {
    content: r.content,
    headline: r.headline,
    language: r.language,
    excerpt,
  };
  rendered.set(r.id, entry);
  if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
  return entry;
}

/** A summary's whole text: its markdown and the page's HTML (rendered once, then kept with the excerpt). */
function fullText(r: SummaryRow) {
  const text = renderSummary(r);
  text.contentHtml ??= summaryPageHtml(r.content, r.headline);
  return { content: r.content, content_html: text.contentHtml };
}

/** A summary as a list's card shows it: headline, excerpt, links, source, topic and story. */
export function toSummaryDto(r: SummaryRow) {
  const text = renderSummary(r);
  return {
    id: r.id,
    headline: r.headline,
    // Read as sentences and rendered here (the excerpt as the digest reads it, the HTML as the feeds
    // render it), so the browser needs no markdown parser.
    excerpt: text.excerpt,
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

/** A summary with its whole text: what the list sends with `fields=full`. */
export function toFullSummaryDto(r: SummaryRow) {
  return { ...toSummaryDto(r), ...fullText(r) };
}

/** A list's items as asked for. */
export const listItemOf = (fields: SummaryFields) => (fields === 'full' ? toFullSummaryDto : toSummaryDto);

/** A row of the list grouped by story: the summary standing for its story, with the story's sources. */
export function toStoryGroupDto(row: StoryGroupRow, fields: SummaryFields = 'card') {
  return { ...listItemOf(fields)(row), story_sources: row.story_sources, story_members: row.story_members };
}

/** One summary with the post it was made from (the summary page). */
export function toSummaryWithPostDto(row: SummaryWithPostRow) {
  return {
    ...toFullSummaryDto(row),
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
