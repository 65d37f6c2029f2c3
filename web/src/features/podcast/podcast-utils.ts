import type { PodcastDto } from '@app/contracts';

/** 75.4 → "1:15"; 3725 → "1:02:05"; unknown → "0:00". */
export function formatTime(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Groups by target_date, newest date first, keeping the server's order inside a group. */
export function groupByDate(podcasts: PodcastDto[]): { date: string; items: PodcastDto[] }[] {
  const groups = new Map<string, PodcastDto[]>();
  for (const podcast of podcasts) {
    const items = groups.get(podcast.target_date) ?? [];
    items.push(podcast);
    groups.set(podcast.target_date, items);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, items]) => ({ date, items }));
}

const pad = (n: number) => String(n).padStart(2, '0');
export const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export type QuickPick = 'today' | 'yesterday' | 'lastWeek' | 'lastMonth';
export const QUICK_PICKS: QuickPick[] = ['today', 'yesterday', 'lastWeek', 'lastMonth'];

/** The single date a quick pick stands for, in the browser's calendar. */
export function quickPickDate(pick: QuickPick, now = new Date()): string {
  const d = new Date(now);
  if (pick === 'yesterday') d.setDate(d.getDate() - 1);
  if (pick === 'lastWeek') d.setDate(d.getDate() - 7);
  if (pick === 'lastMonth') d.setMonth(d.getMonth() - 1);
  return localDate(d);
}

export { isPlainDate, type PodcastSearch, validatePodcastSearch } from './podcast-search';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const SKIP_SECONDS = 10;

export function clampTime(value: number, duration: number): number {
  const max = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(0, value), max);
}
