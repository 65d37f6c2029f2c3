import { PLATFORMS } from '@app/contracts';

/**
 * The spec's platform order (blog, wechat, youtube, podcast, xiaohongshu, twitter, twitter-rss,
 * reddit): every list of platforms a reader sees follows it, not the database's enum order.
 * Database spellings ('twitter_rss') rank as their API ids; unknown platforms come last, by name.
 */
const RANK = new Map<string, number>(PLATFORMS.map((id, index) => [id, index]));

function rankOf(platform: string): number {
  return RANK.get(platform.replace('_', '-')) ?? PLATFORMS.length;
}

export function comparePlatforms(a: string, b: string): number {
  return rankOf(a) - rankOf(b) || a.localeCompare(b);
}

/** A sorted copy; the list given is left as it was. */
export function sortPlatforms<T extends string>(platforms: readonly T[]): T[] {
  return [...platforms].sort(comparePlatforms);
}
