/** /topics/$id query parameters: the detail page's page, source and day (the landing page ignores them). */
export type TopicSearch = {
  page?: number;
  source?: string;
  /** A day, YYYY-MM-DD, in the reader's time zone. */
  date?: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function validateTopicSearch(search: Record<string, unknown>): TopicSearch {
  const page = Number(search.page);
  const source = typeof search.source === 'string' ? search.source.trim() : '';
  return {
    page: Number.isInteger(page) && page > 1 && page <= 1000 ? page : undefined,
    source: source && source.length <= 200 ? source : undefined,
    date: typeof search.date === 'string' && DAY.test(search.date) ? search.date : undefined,
  };
}
