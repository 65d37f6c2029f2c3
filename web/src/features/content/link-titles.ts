// Only an opened card lists a summary's links with their titles: kept out of text.ts, which the topic
// pages load first.

/** The titles a summary's metadata gives its links: one post's, or a day's posts' (SummaryDto.metadata). */
export function linkTitles(meta: Record<string, unknown>): Map<string, string> {
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  // A day's summary: used_post_urls[i] is the post post_titles[i] names.
  const urls = [meta.post_url, ...list(meta.used_post_urls)];
  const names = [meta.post_title ?? meta.title, ...list(meta.post_titles)];
  const titles = new Map<string, string>();
  urls.forEach((url, i) => {
    const name = names[i];
    if (typeof url === 'string' && typeof name === 'string' && name.trim() && !titles.has(url)) {
      titles.set(url, name.trim());
    }
  });
  return titles;
}
