import { setTimeout as sleep } from 'node:timers/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeOpenAI, silentMp3, startFakeOpenAI } from '@app/testing';

/**
 * How long the fake providers take: long enough that a batch is still running while the faults
 * land, short enough for the whole suite to stay within a few minutes on two cores.
 */
export const LATENCY = { summaryMs: 120, socialPostMs: 120, scriptMs: 100, speechMs: 150, feedMs: 450 };

/**
 * One OpenAI-compatible fake for the summarizer, content generation and the podcast (script and
 * speech), answering each structured request in its own shape, after the provider's latency.
 */
export async function startLlmFake(): Promise<FakeOpenAI> {
  return startFakeOpenAI({
    chat: async (request) => {
      const format = request.response_format?.json_schema;
      if (format?.name === 'podcast_script') {
        await sleep(LATENCY.scriptMs);
        return {
          title: 'The daily briefing',
          segments: [1, 2, 3].map((n) => ({
            heading: `Story ${n}`,
            text: `This is the spoken text of story number ${n}, long enough to take a speech request of its own in the fault run.`,
          })),
          outro: 'Thanks for listening.',
        };
      }
      if (format?.name === 'social_post') {
        await sleep(LATENCY.socialPostMs);
        return { content: 'Generated copy about the story, for the fault run.', hashtags: ['#faults'] };
      }
      // The summarizer's structured summary.
      await sleep(LATENCY.summaryMs);
      return { headline: 'A headline from the model', content: '- one point\n- another point' };
    },
    speech: async () => {
      await sleep(LATENCY.speechMs);
      return silentMp3(40);
    },
  });
}

export type SlowFeeds = {
  url(index: number): string;
  itemUrl(feed: number, item: number): string;
  close(): Promise<void>;
};

/** RSS feeds of `items` posts each at /feed-N.xml, every answer after LATENCY.feedMs. */
export async function startSlowFeeds(items: number): Promise<SlowFeeds> {
  let base = '';
  const itemUrl = (feed: number, item: number) => `${base}/posts/${feed}/${item}.html`;
  const server = createServer(async (req, res) => {
    const match = /^\/feed-(\d+)\.xml$/.exec(req.url ?? '');
    await sleep(LATENCY.feedMs);
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const feed = Number(match[1]);
    const body = Array.from({ length: items }, (_, item) => {
      const text = `Post ${item} of feed ${feed}. ${'It has enough text to need no article extraction. '.repeat(12)}`;
      return `<item><title>Post ${feed}-${item}</title><link>${itemUrl(feed, item)}</link><guid>${itemUrl(feed, item)}</guid><pubDate>${new Date().toUTCString()}</pubDate><description><![CDATA[<p>${text}</p>]]></description></item>`;
    }).join('');
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Feed ${feed}</title><link>${base}/</link><description>Fault feed</description>${body}</channel></rss>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (index) => `${base}/feed-${index}.xml`,
    itemUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
