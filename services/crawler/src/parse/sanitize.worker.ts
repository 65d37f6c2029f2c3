import { sanitizeContent } from './html.ts';

/** Runs in a worker thread: sanitises a batch of HTML documents, each against its base URL. */
export default function sanitizeBatch(items: { html: string; baseUrl?: string }[]): string[] {
  return items.map((item) => sanitizeContent(item.html, item.baseUrl));
}
