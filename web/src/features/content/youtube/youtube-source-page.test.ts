import type { ApiAnswer, SummaryDto } from '@app/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { youtubeSummariesQueryOptions } from '../../../queries/content';
import type { SummaryCard } from '../summary-card';
import { readStoredTimeZone } from '../use-time-zone';
import { YoutubeSourcePage } from './youtube-source-page';

// The page is drawn once on the server (the web tests have no DOM): each card's props are kept, and
// opening a card is what the card does when its toggle opens it, calling `onOpen`.
type CardProps = Parameters<typeof SummaryCard>[0];
const cards = new Map<string, CardProps>();
const auth = vi.hoisted(() => ({
  user: null as { id: string } | null,
  isAuthenticated: false,
  isPro: false,
  loading: false,
}));

vi.mock('../summary-card', () => ({
  SummaryCard: (props: CardProps) => {
    cards.set(props.summary.id, props);
    return null;
  },
}));
vi.mock('../../reading/follow-button', () => ({ FollowButton: () => null }));
vi.mock('../../ui/router-links', () => ({ AnchorLink: () => null, ButtonLink: () => null }));
vi.mock('../../auth/auth-provider', () => ({ useAuth: () => auth }));
vi.mock('../../../i18n/react', () => ({
  // What Lingui's macros call: each message's id.
  useLingui: () => ({ _: (descriptor: { id: string }) => descriptor.id, i18n: {} }),
}));
vi.mock('../../../i18n/language-provider', () => ({ useLanguage: () => ({ language: 'en' }) }));
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useLocation: () => ({ href: '/youtube/Robots' }),
}));

type ChannelAnswer = ApiAnswer<'GET /api/youtube/:sourceName/summaries'>;

const CHANNEL = 'Robots';
const summary = (id: string, more: Partial<SummaryDto> = {}) =>
  ({ id, headline: `Video ${id}`, ...more }) as SummaryDto;

let reads: { method: string; body: unknown }[];

beforeEach(() => {
  cards.clear();
  reads = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (String(url).startsWith('/api/me/reads')) {
        reads.push({ method: init.method ?? 'GET', body: JSON.parse(String(init.body)) });
        return Response.json({ changed: 1, missing: [] });
      }
      return Response.json({ topics: [], datasources: [] });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The channel's page with these cards, for whoever `auth` says is signed in. */
function drawChannel(data: SummaryDto[]) {
  const client = new QueryClient();
  const userKey = `${auth.user?.id ?? 'visitor'}:${auth.isPro}`;
  const { queryKey } = youtubeSummariesQueryOptions(CHANNEL, 'en', readStoredTimeZone(), userKey);
  const answer = {
    source: {
      id: 'source-1',
      source_name: CHANNEL,
      source_url: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCrobots',
      language: 'EN' as const,
      topic: { id: 'topic-1', name: 'Engineering', name_zh: null },
      summary_count: data.length,
    },
    limited: false,
    data,
  } satisfies ChannelAnswer;
  client.setQueryData(queryKey, answer);
  const html = renderToString(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MantineProvider, null, createElement(YoutubeSourcePage, { sourceName: CHANNEL })),
    ),
  );
  const card = (id: string) => {
    const props = cards.get(id);
    if (!props) throw new Error(`no card ${id}`);
    return props;
  };
  return { html, card, cached: () => client.getQueryData(queryKey)!.data };
}

describe("a YouTube channel's cards", () => {
  it('a signed-in reader opening one marks it read (a story’s with its reports), as the summaries page does', async () => {
    Object.assign(auth, { user: { id: 'reader-1' }, isAuthenticated: true, isPro: true });
    const { html, card, cached } = drawChannel([
      summary('a', { read: false }),
      summary('b', { read: true }),
      summary('c', { read: false, story_members: [{ id: 'c' }, { id: 'd' }] as SummaryDto['story_members'] }),
    ]);
    expect(html).toContain('data-testid="reading-announcer"');
    expect(card('a').isRead).toBe(false);
    expect(card('b').isRead).toBe(true);
    expect(card('b').readMarker).toBeDefined();

    card('a').onOpen?.();
    await vi.waitFor(() => expect(reads).toEqual([{ method: 'POST', body: { summary_ids: ['a'] } }]));
    // The card says so at once.
    expect(cached().find((item) => item.id === 'a')?.read).toBe(true);

    // Already read: nothing more is sent.
    card('b').onOpen?.();
    card('c').onOpen?.();
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    expect(reads[1]).toEqual({ method: 'POST', body: { summary_ids: ['c', 'd'] } });
  });

  it('a visitor opening one sends nothing, and the cards carry no read state', async () => {
    Object.assign(auth, { user: null, isAuthenticated: false, isPro: false });
    const { card } = drawChannel([summary('a')]);
    expect(card('a').onOpen).toBeUndefined();
    expect(card('a').readMarker).toBeUndefined();
    card('a').onToggle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toEqual([]);
  });
});
